using System.Collections.Concurrent;
using System.Security.Cryptography;
using AccBackup.Backup.Naming;
using AccBackup.Storage;
using AccEmulator.Control;

namespace AccBackup.Bench.Verification;

/// <summary>Checks a container against the emulator's truth: every file with storage has a blob of the truth's size whose bytes hash to the truth's SHA-256.</summary>
/// <remarks>
/// Blobs are matched to files by the item and version ids in their metadata (both the engine and the seed copier write them); each
/// blob's size comes from the service's listing, and blobs are read back from Azurite and hashed here (all of them up to
/// <see cref="FullReadUpTo"/> files, one in <see cref="SampleEvery"/> above): the metadata's own hash is not trusted.
/// </remarks>
internal static class TruthVerifier
{
    /// <summary>Up to this many files every blob is read back and hashed.</summary>
    public const int FullReadUpTo = 30_000;

    /// <summary>Above <see cref="FullReadUpTo"/> files, one in this many is read back and hashed (the others: present, right size).</summary>
    public const int SampleEvery = 10;

    private const int ParallelReads = 8;
    private const int ProblemsKept = 5;

    /// <summary>1 (hash every blob) for up to <see cref="FullReadUpTo"/> files, <see cref="SampleEvery"/> above.</summary>
    public static int HashEvery(int files) => files <= FullReadUpTo ? 1 : SampleEvery;

    /// <summary>Verifies the files of <paramref name="truth"/> that have storage (pass a subset to verify only those), hashing one in <paramref name="hashEvery"/>.</summary>
    public static async Task<VerificationResult> VerifyAsync(BlobContainer container, IReadOnlyList<TruthFile> truth, int hashEvery, CancellationToken cancellationToken)
    {
        // Keyed by item and version: every version is written once, so an item changed since the first night has a blob per version.
        // A renamed file's new version points at the blob of the version it was renamed from: then the item's last listed blob is checked.
        var blobs = new Dictionary<(string Item, string Version), BlobDescription>();
        var byItem = new Dictionary<string, BlobDescription>(StringComparer.Ordinal);
        await foreach (var blob in container.ListAsync(null, cancellationToken))
        {
            if (!blob.Name.StartsWith(BlobNames.ReservedPrefix + "/", StringComparison.Ordinal)
                && blob.Metadata.TryGetValue(StoredVersion.Keys.ItemId, out var itemId))
            {
                var versionId = blob.Metadata.TryGetValue(StoredVersion.Keys.VersionId, out var version) ? BlobMetadata.Decode(version) : "";
                blobs[(BlobMetadata.Decode(itemId), versionId)] = blob;
                byItem[BlobMetadata.Decode(itemId)] = blob;
            }
        }

        var expected = truth.Where(f => f.HasStorage).ToList();
        var problems = new ConcurrentQueue<string>();
        long missing = 0, different = 0, bytes = 0, hashed = 0;
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = ParallelReads, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(expected.Select((file, index) => (File: file, Index: index)), parallel, async (entry, ct) =>
        {
            var file = entry.File;
            if (!blobs.TryGetValue((file.ItemId, file.VersionId), out var blob) && !byItem.TryGetValue(file.ItemId, out blob))
            {
                Interlocked.Increment(ref missing);
                problems.Enqueue($"missing: {file.Path}");
                return;
            }

            if (blob.Length != file.ServedLength)
            {
                Interlocked.Increment(ref different);
                problems.Enqueue($"size differs: {file.Path} ({blob.Length} bytes stored, {file.ServedLength} served)");
                return;
            }

            if (entry.Index % hashEvery != 0)
            {
                return;
            }

            Interlocked.Increment(ref hashed);
            var stream = await container.OpenReadAsync(blob.Name, null, null, ct);
            await using (stream)
            {
                var counted = new CountingHash();
                await counted.HashAsync(stream, ct);
                Interlocked.Add(ref bytes, counted.Bytes);
                if (!string.Equals(counted.Sha256, file.Sha256, StringComparison.Ordinal))
                {
                    Interlocked.Increment(ref different);
                    problems.Enqueue($"SHA-256 differs: {file.Path} ({counted.Bytes} bytes stored, {file.ServedLength} served)");
                }
            }
        });

        return new VerificationResult(missing == 0 && different == 0 && expected.Count > 0, expected.Count, missing, different, hashed, bytes, [.. problems.Take(ProblemsKept)]);
    }

    private sealed class CountingHash
    {
        public long Bytes { get; private set; }

        public string Sha256 { get; private set; } = string.Empty;

        public async Task HashAsync(Stream stream, CancellationToken cancellationToken)
        {
            using var sha = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
            var buffer = System.Buffers.ArrayPool<byte>.Shared.Rent(1 << 20);
            try
            {
                int read;
                while ((read = await stream.ReadAsync(buffer, cancellationToken)) > 0)
                {
                    sha.AppendData(buffer, 0, read);
                    Bytes += read;
                }
            }
            finally
            {
                System.Buffers.ArrayPool<byte>.Shared.Return(buffer);
            }

            Sha256 = Convert.ToHexStringLower(sha.GetHashAndReset());
        }
    }
}

/// <summary>The outcome of one verification.</summary>
/// <param name="Files">Files with storage that were expected (each checked for presence and size).</param>
/// <param name="Hashed">Of those, how many were read back and hashed.</param>
/// <param name="BytesRead">Bytes read back from storage and hashed.</param>
/// <param name="Problems">The first few problems found.</param>
internal sealed record VerificationResult(bool Verified, int Files, long Missing, long Different, long Hashed, long BytesRead, IReadOnlyList<string> Problems);
