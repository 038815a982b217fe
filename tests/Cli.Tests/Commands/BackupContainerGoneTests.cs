using AccEmulator;
using AccEmulator.Quotas;
using Azure.Storage.Blobs;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>acc-backup run</c> after the backup container was deleted: it fails, and never starts over in a new container.</summary>
public sealed class BackupContainerGoneTests
{
    [Fact]
    public async Task Run_BackupContainerDeletedAfterARun_ExitsOneSayingItIsGoneAndCreatesNothing()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        var first = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");
        Assert.True(first.ExitCode == 0, first.ToString());
        await new BlobServiceClient(environment["BackupStorage__ConnectionString"]).DeleteBlobContainerAsync(environment["BackupStorage__ContainerName"]);

        var second = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        using var container = CliHarness.ContainerFor(environment);
        Assert.True(second.ExitCode == 1, second.ToString());
        Assert.Contains("is gone although earlier runs were written into it", second.Error, StringComparison.Ordinal);
        Assert.Null(await container.GetHoldsIfExistsAsync(CancellationToken.None));
    }
}
