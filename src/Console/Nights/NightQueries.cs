using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.BackupConsole.Nights;

/// <summary>What the Nights and Night pages show, read from the runs' manifests.</summary>
internal sealed class NightQueries(RunHistory runs, ManifestCache manifests)
{
    /// <summary>Failures are listed in this order on a night's page.</summary>
    private static readonly ManifestStatus[] FailureStatuses = [ManifestStatus.Failed, ManifestStatus.Carried, ManifestStatus.NotListed];

    /// <summary>Every run kept, newest first.</summary>
    public async Task<NightList> ListAsync(CancellationToken cancellationToken) =>
        new([.. (await runs.ListAsync(int.MaxValue, cancellationToken).ConfigureAwait(false)).Select(NightRow.From)]);

    /// <summary>The night <paramref name="runId"/>: its figures, failures and size mismatches.</summary>
    public async Task<NightDetail> GetAsync(string runId, CancellationToken cancellationToken)
    {
        var manifest = await manifests.GetAsync(runId, cancellationToken).ConfigureAwait(false);
        var summary = manifest.Summary;
        var row = NightRow.From(new RunListing(runId, RunLayout.Json(runId), summary.FinishedAt, summary, null));
        var failures = manifest.Files
            .Where(e => FailureStatuses.Contains(e.Status))
            .OrderBy(e => Array.IndexOf(FailureStatuses, e.Status)).ThenBy(e => e.Path, StringComparer.Ordinal)
            .Select(e => new FailureRow(e.ProjectName, e.Path, ManifestStatusNames.Of(e.Status), e.VersionNumber, e.Error))
            .ToList();
        var mismatches = manifest.Files
            .Where(e => e.SizeMismatch)
            .OrderBy(e => e.Path, StringComparer.Ordinal)
            .Select(e => new MismatchRow(e.ProjectName, e.Path, e.ApiSize!.Value, e.StoredSize!.Value, e.SizeReference))
            .ToList();
        return new NightDetail(row, summary.ListingMode, failures, mismatches, summary.FailedProjects);
    }
}
