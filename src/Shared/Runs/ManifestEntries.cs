using AccBackup.Backup;
using AccBackup.Manifest;

namespace AccBackup.Runs;

/// <summary>Where the copy engine meets the manifest: how a copy's outcome becomes a manifest entry.</summary>
public static class ManifestEntries
{
    /// <summary>The entry for a copy outcome of a file of <paramref name="projectName"/>.</summary>
    public static ManifestEntry ToEntry(this FileCopyOutcome outcome, string projectName)
    {
        var r = outcome.Request;
        return outcome.Result is { } result
            ? new(r.ProjectId, projectName, r.SourcePath, r.ItemId, r.VersionId, r.VersionNumber, r.ApiSize, result.StoredBytes, result.Sha256, r.BlobName,
                result.Status == FileCopyStatus.Copied ? ManifestStatus.Copied : ManifestStatus.Unchanged, null)
            : new(r.ProjectId, projectName, r.SourcePath, r.ItemId, r.VersionId, r.VersionNumber, r.ApiSize, null, null, r.BlobName, ManifestStatus.Failed, outcome.Error);
    }
}
