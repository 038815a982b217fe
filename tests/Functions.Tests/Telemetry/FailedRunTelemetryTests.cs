using AccBackup.Durable.Tests.Orchestrations;
using Microsoft.DurableTask.Client;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>A run whose copies fail reaches the problem-run alert through the run-summary trace the exporter posts.</summary>
public sealed class FailedRunTelemetryTests
{
    [Fact]
    public async Task RunSummary_CopiesOfAProjectKeepFailing_ProblemAlertFiresOnFailedFiles()
    {
        var failing = new FailingCopyPlan("Demo Hospital");
        await using var host = await TelemetryBackupHost.StartAsync(
            new Dictionary<string, string?> { ["Backup:ActivityAttempts"] = "2" }, typeof(FailingCopyChunkActivity), s => s.AddSingletonPlan(failing));
        var (run, summary) = await host.RunAsync("telemetry-failing-1");

        var row = Assert.Single(RunsQuery.Load().Rows(await host.StopAsync()));
        var firing = ProblemRunCondition.Load().FiringTerms(row);

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        SummaryColumns.AssertRowIs(summary, row);
        Assert.Equal("CompletedWithErrors", row["Status"]);
        Assert.True(summary.Failed > 0, "the failing project's files are failed in the manifest");
        Assert.Contains("Failed > 0", firing);
        Assert.Contains("FailedProjects > 0", firing);
    }

    [Fact]
    public async Task RunSummary_CredentialsRejected_RunFailsAndItsSummaryFiresTheProblemAlertTonight()
    {
        await using var host = await TelemetryBackupHost.StartAsync(new Dictionary<string, string?> { ["Aps:ClientSecret"] = "not-the-secret" });
        var run = await host.RunToTheEndAsync("telemetry-rejected-1");

        var row = Assert.Single(RunsQuery.Load().Rows(await host.StopAsync()));
        var firing = ProblemRunCondition.Load().FiringTerms(row);

        Assert.Equal(OrchestrationRuntimeStatus.Failed, run.RuntimeStatus);
        Assert.Equal(("telemetry-rejected-1", "Failed"), (row["RunId"], row["Status"]));
        Assert.Contains("Status == \"Failed\"", firing);
    }
}
