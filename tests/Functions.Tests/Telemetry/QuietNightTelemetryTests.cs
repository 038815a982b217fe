using Microsoft.DurableTask.Client;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>Two nights of the demo account with the app's logs turned down to Warning, as the docs allow: each night is a
/// row of the runs query, and the second, whose only finding is the size mismatch the first already reported, fires nothing.</summary>
public sealed class QuietNightTelemetryTests
{
    [Fact]
    public async Task RunSummary_SecondNightWithAKnownMismatchAndAppLogsAtWarning_IsARowThatFiresNothing()
    {
        await using var host = await TelemetryBackupHost.StartAsync(new Dictionary<string, string?> { ["Logging:LogLevel:AccBackup"] = "Warning" });
        await host.RunAsync("quiet-night-1");
        var (night2, summary2) = await host.RunAsync("quiet-night-2");

        var items = await host.StopAsync();
        var rows = RunsQuery.Load().Rows(items);

        Assert.Equal(OrchestrationRuntimeStatus.Completed, night2.RuntimeStatus);
        Assert.Equal(["quiet-night-1", "quiet-night-2"], rows.Select(r => (string?)r["RunId"]).Order(StringComparer.Ordinal));
        var row = Assert.Single(rows, r => (string?)r["RunId"] == "quiet-night-2");
        SummaryColumns.AssertRowIs(summary2, row);
        Assert.Equal((1L, 0L), (row["SizeMismatches"], row["NewSizeMismatches"]));
        Assert.Empty(ProblemRunCondition.Load().FiringTerms(row));
        var trace = Assert.Single(items, i => i.IsTrace && i.CustomDimensions.GetValueOrDefault("RunId") == "quiet-night-2" && i.CustomDimensions.GetValueOrDefault("EventId") == "4002");
        Assert.Equal("Information", trace.Severity);
    }
}
