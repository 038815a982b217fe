using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using Microsoft.Extensions.Logging;

namespace AccBackup.Runs;

/// <summary>The run-summary trace: one per run, finished or failed, the log contract the alerts and the workbook read
/// (infra/bicep/README.md, "Log contract"; infra/bicep/queries/backup-runs.kql selects it by category and event id).</summary>
public static partial class RunSummaryLog
{
    /// <summary>The category the trace is written under, whichever host or class writes it.</summary>
    public const string Category = "AccBackup.Runs.RunSummary";

    /// <summary>The trace's event id.</summary>
    public const int EventId = 4002;

    /// <summary>The trace's message template: each placeholder is a field of the trace.</summary>
    public const string Template =
        "Backup run {RunId} finished: {Status} in {DurationSeconds} s; {Files} files, {Bytes} bytes, {Projects} projects; {Copied} copied, {Unchanged} unchanged, {NoContent} without content, {Planned} planned, {Failed} failed; {FailedProjects} projects not listed; {SizeMismatches} size mismatches ({NewSizeMismatches} new); {Issues} issues, {IssuesFailedProjects} projects whose issues failed, {IssueAttachmentFailures} issue attachments not stored, {IssuesVanished} issues no longer listed; {ModuleGaps} project modules not read; backup container problem: '{ContainerProblem}'";

    /// <summary>The status of a run that ended without a manifest (e.g. APS rejected the credentials).</summary>
    public const string FailedStatus = "Failed";

    /// <summary>A run that wrote its manifest: Information when every file is stored, Warning otherwise or on a new size mismatch
    /// (one the run before also had is no news: <see cref="ManifestSummary.NewSizeMismatchCount"/>).</summary>
    public static void Finished(ILogger logger, ManifestSummary summary)
    {
        ArgumentNullException.ThrowIfNull(summary);
        var level = summary.IsComplete && summary.NewSizeMismatchCount == 0 ? LogLevel.Information : LogLevel.Warning;
        Write(logger, level, summary.RunId, summary.Status, summary.DurationSeconds, summary.Files, summary.Bytes, summary.Projects,
            summary.Copied, summary.Unchanged, summary.NoContent, summary.Planned, summary.Failed, summary.FailedProjects.Count, summary.SizeMismatchCount,
            summary.NewSizeMismatchCount, summary.Issues?.Issues ?? 0, summary.Issues?.FailedProjects.Count ?? 0, summary.Issues?.AttachmentFailures ?? 0,
            summary.Issues?.VanishedIssues ?? 0, summary.Modules?.Coverage.Count ?? 0, "");
    }

    /// <summary>A run that failed outright, before its manifest: <see cref="FailedStatus"/>, no counts, at Error;
    /// <paramref name="containerProblem"/> says what was wrong with the backup container, if that was why (<see cref="BackupContainerCheck"/>).</summary>
    public static void Failed(ILogger logger, string runId, double durationSeconds, int projects, string containerProblem = "") =>
        Write(logger, LogLevel.Error, runId, FailedStatus, durationSeconds, 0, 0, projects, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, containerProblem);

    [LoggerMessage(EventId = EventId, Message = Template)]
    private static partial void Write(
        ILogger logger, LogLevel level, string runId, string status, double durationSeconds, long files, long bytes, int projects,
        long copied, long unchanged, long noContent, long planned, long failed, int failedProjects, long sizeMismatches, long newSizeMismatches, long issues,
        int issuesFailedProjects, long issueAttachmentFailures, long issuesVanished, int moduleGaps, string containerProblem);
}
