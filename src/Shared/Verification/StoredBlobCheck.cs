using System.Globalization;
using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Storage;
using Azure;

namespace AccBackup.Verification;

/// <summary>Proves one manifest entry against its blob: it exists, has the recorded length and version, and (read whole) the
/// recorded SHA-256. What <see cref="RunVerifier"/> does for every stored entry and the nightly proof for its slice.</summary>
public sealed class StoredBlobCheck(BlobContainer container)
{
    /// <summary>The difference found, or null when the blob proves the entry; and the bytes read. With <paramref name="readWhole"/>
    /// false only the blob's properties are read (existence, length, version), no byte of it.</summary>
    public Task<(VerificationFinding? Finding, long Bytes)> CheckAsync(ManifestEntry entry, bool readWhole, CancellationToken cancellationToken) =>
        CheckAsync(entry, readWhole, readArchived: true, cancellationToken);

    /// <summary>As <see cref="CheckAsync(ManifestEntry, bool, CancellationToken)"/>; with <paramref name="readArchived"/> false a blob
    /// in the Archive tier (offline: hours to rehydrate, a read fails) is proven by its properties alone, as the nightly proof wants.</summary>
    public async Task<(VerificationFinding? Finding, long Bytes)> CheckAsync(ManifestEntry entry, bool readWhole, bool readArchived, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(entry);
        if (!entry.IsCheckable || entry.BlobName is not { } blobName || entry.StoredSize is null)
        {
            return (Finding(entry, VerificationProblem.EntryIncomplete, "the manifest entry lacks its blob name, stored size or sha256 (and is not a size-only copy)"), 0);
        }

        try
        {
            var blob = await container.GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false);
            if (blob is null)
            {
                return (Finding(entry, VerificationProblem.Missing, "no blob of that name"), 0);
            }

            if (blob.Length != entry.StoredSize)
            {
                return (Finding(entry, VerificationProblem.LengthDiffers, $"expected {Bytes(entry.StoredSize.Value)}, blob has {Bytes(blob.Length)}"), 0);
            }

            var version = blob.Metadata.TryGetValue(StoredVersion.Keys.VersionId, out var encoded) ? BlobMetadata.Decode(encoded) : null;
            // A rename in ACC is a new version over the same bytes: its entry points at the blob stored for the earlier
            // version (same storage object), which the bytes' length and SHA-256 prove below.
            var sameObject = entry.Storage is not null && version?.Split('?')[0] == entry.VersionId?.Split('?')[0];
            if (entry.VersionId is not null && version != entry.VersionId && !sameObject)
            {
                return (Finding(entry, VerificationProblem.VersionDiffers, $"expected version {entry.VersionId}, blob holds {version ?? "none"}"), 0);
            }

            if (!readWhole || (blob.Archived && !readArchived))
            {
                return (null, 0);
            }

            var stream = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                var content = await ContentHasher.HashAsync(stream, null, cancellationToken).ConfigureAwait(false);
                if (entry.IsProvenBy(content))
                {
                    return (null, content.Length);
                }

                return entry.IsSizeOnly
                    ? (Finding(entry, VerificationProblem.LengthDiffers, $"expected {Bytes(entry.StoredSize.Value)}, read {Bytes(content.Length)}"), content.Length)
                    : (Finding(entry, VerificationProblem.HashDiffers, $"expected sha256 {entry.Sha256}, blob has {content.Sha256} ({Bytes(content.Length)})"), content.Length);
            }
        }
        catch (Exception e) when (e is RequestFailedException or IOException or HttpRequestException)
        {
            return (Finding(entry, VerificationProblem.ReadFailed, e.Message), 0);
        }
    }

    private static VerificationFinding Finding(ManifestEntry entry, VerificationProblem problem, string detail) =>
        new(entry.Path, entry.BlobName, problem, detail);

    private static string Bytes(long value) => value.ToString("N0", CultureInfo.InvariantCulture) + " bytes";
}
