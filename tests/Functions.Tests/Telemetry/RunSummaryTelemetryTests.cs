using Microsoft.DurableTask.Client;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>The run-summary trace as the exporter posts it, read through the fields the alerts' and workbook's query reads.</summary>
[Collection(DemoRunTelemetry.Collection)]
public sealed class RunSummaryTelemetryTests(DemoRunTelemetry demo)
{
    [Fact]
    public void RunSummary_CompletedRun_IsOneRowOfTheRunsQueryWithTheManifestsValues()
    {
        var rows = RunsQuery.Load().Rows(demo.Items);

        // The missed-run alert counts these rows: one for the night's run, carrying what its manifest says.
        Assert.Equal(OrchestrationRuntimeStatus.Completed, demo.Run.RuntimeStatus);
        var row = Assert.Single(rows);
        SummaryColumns.AssertRowIs(demo.Summary, row);
        Assert.Equal(DemoRunTelemetry.RunId, row["RunId"]);
        Assert.Equal("Succeeded", row["Status"]);
        Assert.Equal(demo.Outcome.Files, row["Files"]);
    }

    [Fact]
    public void RunSummary_CompletedRun_ProblemAlertFiresOnlyForTheSourcesSizeMismatch()
    {
        var row = Assert.Single(RunsQuery.Load().Rows(demo.Items));

        var firing = ProblemRunCondition.Load().FiringTerms(row);

        // Every file stored; the demo account has one file whose size APS misreports, a finding the alert reports on its first night.
        Assert.Equal((1L, 1L), (row["SizeMismatches"], row["NewSizeMismatches"]));
        Assert.Equal(["NewSizeMismatches > 0"], firing);
    }

    [Fact]
    public void RunSummary_CompletedRun_MessageIsTheFormattedTemplate()
    {
        var summary = Assert.Single(demo.Items, i => i.IsTrace && i.CustomDimensions.GetValueOrDefault("EventId") == "4002");

        // What a person reads in Logs: the sentence, not the template; at Warning because of the size mismatch.
        Assert.StartsWith($"Backup run {DemoRunTelemetry.RunId} finished: Succeeded in ", summary.Message, StringComparison.Ordinal);
        Assert.Equal("Warning", summary.Severity);
        Assert.Equal(AccBackup.Runs.RunSummaryLog.Category, summary.Category);
    }
}
