using System.Text.Json;

namespace AccBackup.Cli.Tests.Commands;

public sealed class RunsCommandTests
{
    [Fact]
    public async Task Runs_JsonOnEmptyContainer_PrintsNoRunsAndExitsZero()
    {
        var environment = await CliHarness.StorageEnvironmentAsync();
        using (var container = CliHarness.ContainerFor(environment))
        {
            await container.CreateIfNotExistsAsync(CancellationToken.None);
        }

        var result = await CliHarness.InvokeAsync(environment, "runs", "--json");

        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        Assert.Equal(0, json.RootElement.GetProperty("runs").GetArrayLength());
        Assert.EndsWith(environment["BackupStorage__ContainerName"]!, json.RootElement.GetProperty("container").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Runs_ContainerDoesNotExist_ExitsOneSayingSo()
    {
        var environment = await CliHarness.StorageEnvironmentAsync();

        var result = await CliHarness.InvokeAsync(environment, "runs");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("container does not exist", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Verify_NoRunYet_ExitsOneSayingSo()
    {
        var environment = await CliHarness.StorageEnvironmentAsync();
        using (var container = CliHarness.ContainerFor(environment))
        {
            await container.CreateIfNotExistsAsync(CancellationToken.None);
        }

        var result = await CliHarness.InvokeAsync(environment, "verify", "--run", "latest");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("No backup run has finished yet", result.Error, StringComparison.Ordinal);
    }
}
