using System.Collections.Concurrent;
using System.Globalization;
using AccBackup.Backup;
using AccBackup.Manifest;
using AccBackup.Storage;
using Azure;

namespace AccBackup.Verification;

/// <summary>Rereads a run's manifest and proves every stored file: the blob exists, has the recorded length, SHA-256 and version.</summary>
/// <remarks>Read-only. Each version's blob is written once, so any run kept verifies; a manifest written before that (blobs
/// overwritten in place) reports files changed since as <see cref="VerificationProblem.VersionDiffers"/>. A file the storage service copied (<see cref="ManifestEntry.IsSizeOnly"/>) has no
/// SHA-256 to compare: it is read back whole and its length proven, and the report counts it apart.</remarks>
public sealed class RunVerifier(BlobContainer container, ManifestReader reader)
{
    /// <summary>Checks every stored entry of <paramref name="runId"/> ("latest" for the latest run), <paramref name="parallelism"/> blobs read and hashed at once.</summary>
    public async Task<VerificationReport> VerifyAsync(string runId, IProgress<VerificationProgress>? progress, CancellationToken cancellationToken, int parallelism = 8)
    {
        var stored = await StoredFiles.ReadAsync(reader, runId, null, cancellationToken).ConfigureAwait(false);
        var findings = new ConcurrentBag<VerificationFinding>();
        var bytes = await stored.ForEachAsync(
            parallelism,
            async (entry, ct) =>
            {
                var (finding, read) = await CheckAsync(entry, ct).ConfigureAwait(false);
                if (finding is not null)
                {
                    findings.Add(finding);
                }

                return read;
            },
            (done, read) => progress?.Report(new VerificationProgress(done, stored.Selected.Count, read)),
            cancellationToken).ConfigureAwait(false);

        var ordered = findings.OrderBy(f => f.Path, StringComparer.Ordinal).ThenBy(f => f.Problem).ToList();
        return new VerificationReport(stored.Manifest.Summary.RunId, stored.Manifest.Files.Count, stored.Selected.Count, bytes, ordered)
        {
            SizeOnly = stored.Selected.Count(e => e.IsSizeOnly),
        };
    }

    private async Task<(VerificationFinding? Finding, long Bytes)> CheckAsync(ManifestEntry entry, CancellationToken cancellationToken)
    {
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
