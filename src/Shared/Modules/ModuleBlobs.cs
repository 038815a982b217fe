using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules;

/// <summary>What restoring a module's blobs shares: a blob's hash read back, and the entry the file writer proves and writes.</summary>
public static class ModuleBlobs
{
    /// <summary>The length and SHA-256 of a stored blob (a snapshot's JSON or CSV carries none of its own).</summary>
    public static async Task<StoredContent> HashAsync(BlobContainer container, string blobName, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        var stream = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await ContentHasher.HashAsync(stream, null, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>An entry placing <paramref name="blobName"/> at <paramref name="place"/> under the restore folder.</summary>
    public static ManifestEntry Entry(string projectId, string projectName, string place, string blobName, long size, string sha256) =>
        new(projectId, projectName, place, place, null, null, size, size, sha256, blobName, ManifestStatus.Copied, null) { Place = place };
}
