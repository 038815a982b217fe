using System.Collections.Concurrent;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;

namespace AccBackup.Verification;

/// <summary>Rereads a run's manifest and proves every stored file: the blob exists, has the recorded length, SHA-256 and version.</summary>
/// <remarks>Read-only. Each version's blob is written once, so any run kept verifies; a manifest written before that (blobs
/// overwritten in place) reports files changed since as <see cref="VerificationProblem.VersionDiffers"/>. A file the storage service copied (<see cref="ManifestEntry.IsSizeOnly"/>) has no
/// SHA-256 to compare: it is read back whole and its length proven, and the report counts it apart.</remarks>
public sealed class RunVerifier(BlobContainer container, ManifestReader reader)
{
    private readonly StoredBlobCheck check = new(container);

    /// <summary>Checks every stored entry of <paramref name="runId"/> ("latest" for the latest run), <paramref name="parallelism"/> blobs read and hashed at once.</summary>
    public async Task<VerificationReport> VerifyAsync(string runId, IProgress<VerificationProgress>? progress, CancellationToken cancellationToken, int parallelism = 8)
    {
        var stored = await StoredFiles.ReadAsync(reader, runId, null, cancellationToken).ConfigureAwait(false);
        var findings = new ConcurrentBag<VerificationFinding>();
        var bytes = await stored.ForEachAsync(
            parallelism,
            async (entry, ct) =>
            {
                var (finding, read) = await check.CheckAsync(entry, readWhole: true, ct).ConfigureAwait(false);
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
}
