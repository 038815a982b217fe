using AccBackup.Bench.Hosting;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Scenarios;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;

namespace AccBackup.Bench.Variants;

/// <summary>The engine variants: one whole backup run through <see cref="BackupRunner"/>, the in-process driver of the run's activities.</summary>
internal static class EngineRun
{
    /// <summary>Runs a backup of every project into the host's container.</summary>
    public static async Task<VariantOutcome> RunAsync(EngineHost host, string runId, CancellationToken cancellationToken)
    {
        var timeline = new RunTimeline();
        var result = await host.Get<BackupRunner>().RunAsync(new BackupRunRequest(RunId: runId), timeline, cancellationToken);
        var summary = result.Summary;
        var statistics = result.Statistics;
        var failures = summary.FailedProjects.Count == 0 ? "" : "; failed projects: " + string.Join("; ", summary.FailedProjects.Select(p => p.Error).Take(3));
        return new VariantOutcome(
            summary.Files,
            summary.Copied,
            summary.Unchanged,
            summary.Failed,
            new EngineActivities(statistics.ListingActivities, statistics.CopyActivities, statistics.LargestPayloadBytes),
            $"{statistics.ListingActivities} listing and {statistics.CopyActivities} copy activities; {timeline.Describe()}{failures}");
    }
}
