using AccBackup.Acc;
using AccBackup.Issues;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;

namespace AccBackup.Runs;

/// <summary>The issue-export activity of a run: one project's issues (<see cref="IssueExporter"/>), read incrementally from the
/// snapshot of <see cref="IssueExportInput.BaseRunId"/> when that run wrote one. Idempotent: a repeated call returns what the first wrote.</summary>
/// <remarks>A refusal retrying cannot fix (the service account's key rejected, the project's issues refused) is returned as
/// <see cref="IssueExportSummary.Error"/>, never thrown: it is that project's issues' failure, never the run's (its files are unaffected).</remarks>
public sealed partial class ProjectIssueExporter(IssueExporter exporter, BlobContainer container, PreviousRunStateStore runs, ILogger<ProjectIssueExporter> logger)
{
    /// <summary>Exports the issues of <paramref name="input"/>'s project.</summary>
    public async Task<IssueExportSummary> ExportAsync(IssueExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        try
        {
            var previous = input.BaseRunId is { } baseRun
                ? await IssueSnapshotReader.ReadAsync(container, baseRun, input.Project.Id, cancellationToken).ConfigureAwait(false)
                : null;
            var stored = input.BaseRunId is { } storedRun ? StoredVersions(storedRun, input.Project.Id) : null;
            var result = await exporter.ExportAsync(new IssueExportRequest(input.RunId, input.Project.Id, input.Project.Name, previous, stored), cancellationToken).ConfigureAwait(false);
            return new IssueExportSummary(result.Issues, result.DeletedIssues, result.Comments, result.Attachments, result.AttachmentFailures, result.IssuesRead, null)
            {
                AttachmentsReferenced = result.AttachmentsReferenced,
                IssuesVanished = result.IssuesVanished,
            };
        }
        catch (Exception e) when (e is ApsAuthenticationException or IssuesAccessException or IssuesNotConfiguredException)
        {
            Log.IssuesFailed(logger, input.RunId, input.Project.Name, e.Message);
            return IssueExportSummary.Failed(e.Message);
        }
    }

    // The base run's manifest is the one the listings of this run read too: loaded once per process (PreviousRunStateStore).
    private StoredVersionsReader StoredVersions(string runId, string projectId) => async cancellationToken =>
        (await runs.LoadStoredAsync(runId, cancellationToken).ConfigureAwait(false)).Manifest.StoredVersions(projectId);

    private static partial class Log
    {
        [LoggerMessage(EventId = 9012, Level = LogLevel.Error, Message = "Backup run {RunId}: the issues of project {Project} could not be exported (its files are unaffected): {Reason}")]
        public static partial void IssuesFailed(ILogger logger, string runId, string project, string reason);
    }
}

/// <summary>Input of the issue-export activity.</summary>
/// <param name="BaseRunId">The latest finished run, whose snapshot lets only changed issues be read; null reads every issue.</param>
public sealed record IssueExportInput(string RunId, ProjectRef Project, string? BaseRunId);

/// <summary>Output of the issue-export activity: counts only, and why the project's issues failed, if they did.</summary>
public sealed record IssueExportSummary(int Issues, int DeletedIssues, int Comments, int Attachments, int AttachmentFailures, int IssuesRead, string? Error)
{
    /// <summary>Of <see cref="Attachments"/>, the Docs file versions referenced (the run's file backup stores their bytes).</summary>
    public int AttachmentsReferenced { get; init; }

    /// <summary>Issues of the run before that ACC lists no more: left out of this run's snapshot (<see cref="IssueExportResult.IssuesVanished"/>).</summary>
    public int IssuesVanished { get; init; }

    /// <summary>A project whose issues could not be exported, with the reason (naming the setting to fix).</summary>
    public static IssueExportSummary Failed(string error) => new(0, 0, 0, 0, 0, 0, error);
}
