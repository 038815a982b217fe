using AccBackup.Acc;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Runs.State;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;

namespace AccBackup.Runs.Activities;

/// <summary>The issue-export activity of a run: one project's issues (<see cref="IssueExporter"/>), read incrementally from the
/// snapshot of <see cref="ExportIssuesInput.BaseRunId"/> when that run wrote one. Idempotent: a repeated call returns what the first wrote.</summary>
/// <remarks>A refusal retrying cannot fix (the service account's key rejected, the project's issues refused) is returned as
/// <see cref="ExportIssuesResult.Error"/>, never thrown: it is that project's issues' failure, never the run's (its files are unaffected).</remarks>
public sealed partial class ExportIssuesActivity(IssueExporter exporter, BlobContainer container, PreviousRunStateStore runs, ILogger<ExportIssuesActivity> logger)
    : IRunActivity<ExportIssuesInput, ExportIssuesResult>
{
    /// <inheritdoc />
    Task<ExportIssuesResult> IRunActivity<ExportIssuesInput, ExportIssuesResult>.RunAsync(ExportIssuesInput input, CancellationToken cancellationToken) =>
        ExportAsync(input, cancellationToken);

    /// <summary>Exports the issues of <paramref name="input"/>'s project.</summary>
    public async Task<ExportIssuesResult> ExportAsync(ExportIssuesInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        try
        {
            var previous = input.BaseRunId is { } baseRun
                ? await IssueSnapshotReader.ReadAsync(container, baseRun, input.Project.Id, cancellationToken).ConfigureAwait(false)
                : null;
            var stored = input.BaseRunId is { } storedRun ? StoredVersions(storedRun, input.Project.Id) : null;
            var result = await exporter.ExportAsync(new IssueExportRequest(input.RunId, input.Project.Id, input.Project.Name, previous, stored), cancellationToken).ConfigureAwait(false);
            return new ExportIssuesResult(result.Issues, result.DeletedIssues, result.Comments, result.Attachments, result.AttachmentFailures, result.IssuesRead, null)
            {
                AttachmentsReferenced = result.AttachmentsReferenced,
                IssuesVanished = result.IssuesVanished,
            };
        }
        catch (Exception e) when (e is ApsAuthenticationException or IssuesAccessException or IssuesNotConfiguredException)
        {
            Log.IssuesFailed(logger, input.RunId, input.Project.Name, e.Message);
            return ExportIssuesResult.Failed(e.Message);
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
