using AccBackup.Storage;
using Azure.Storage.Blobs;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>The orchestration's run start against a backup container that is gone: the run fails, its summary trace says
/// why (ContainerProblem) and the problem-run alert fires on it.</summary>
public sealed class ContainerProblemTelemetryTests
{
    [Fact]
    public async Task RunSummary_BackupContainerDeletedBetweenTwoRuns_SecondRunFailsWithContainerProblemMissingAndTheAlertFires()
    {
        await using var host = await TelemetryBackupHost.StartAsync();
        await host.RunAsync("container-night-1");
        var options = host.Services.GetRequiredService<IOptions<BlobStorageOptions>>().Value;
        await new BlobServiceClient(options.ConnectionString).DeleteBlobContainerAsync(options.ContainerName);

        var night2 = await host.RunToTheEndAsync("container-night-2");

        var backup = host.Services.GetRequiredService<BlobContainer>();
        Assert.Null(await backup.GetHoldsIfExistsAsync(CancellationToken.None)); // not silently created again
        var rows = RunsQuery.Load().Rows(await host.StopAsync());
        var row = Assert.Single(rows, r => (string?)r["RunId"] == "container-night-2");
        Assert.Equal(OrchestrationRuntimeStatus.Failed, night2.RuntimeStatus);
        Assert.Contains("is gone although earlier runs were written into it", night2.FailureDetails?.ErrorMessage, StringComparison.Ordinal);
        Assert.Equal(("Failed", "missing"), (row["Status"], row["ContainerProblem"]));
        Assert.Equal(["Status == \"Failed\"", "isnotempty(ContainerProblem)"], ProblemRunCondition.Load().FiringTerms(row));
    }
}
