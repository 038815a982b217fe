using AccEmulator;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>A project name the account does not have (a typo) stops <c>run</c>, naming it, instead of backing up nothing.</summary>
public sealed class UnknownProjectsTests
{
    [Fact]
    public async Task Run_ProjectsOptionNamesAProjectTheAccountDoesNotHave_ExitsOneNamingItAndWritesNoManifest()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);

        var run = await CliHarness.InvokeAsync(environment, "run", "--projects", "Demo Hospital,Demo Towr");

        Assert.True(run.ExitCode == 1, run.ToString());
        Assert.Contains("'Demo Towr'", run.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("'Demo Hospital'", run.Error, StringComparison.Ordinal);
        var (reader, clients) = CliHarness.ReaderFor(environment);
        using (clients)
        {
            Assert.Null(await reader.GetLatestAsync(CancellationToken.None));
        }
    }
}
