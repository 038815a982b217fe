using System.Collections.Concurrent;
using System.Security.Cryptography;
using AccBackup.Backup;
using AccBackup.Storage;
using AccEmulator.Control;

namespace AccBackup.Bench.Verification;

/// <summary>Checks a container against the emulator's truth: every file with storage has a blob whose bytes hash to the truth's SHA-256.</summary>
/// <remarks>
/// Blobs are matched to files by the item id in their metadata (both the engine and the seed copier write it), and
/// every blob is read back from Azurite and hashed here: the metadata's own hash is not trusted.
/// </remarks>
internal static class TruthVerifier
{
    private const int ParallelReads = 4;
    private const int ProblemsKept = 5;

    /// <summary>Verifies the files of <paramref name="truth"/> that have storage (pass a subset to verify only those).</summary>
    public static async Task<VerificationResult> VerifyAsync(BlobContainer container, IReadOnlyList<TruthFile> truth, CancellationToken cancellationToken)
    {
        var blobs = new Dictionary<string, string>(StringComparer.Ordinal);
        await foreach (var blob in container.ListAsync(null, cancellationToken))
        {
            if (!blob.Name.StartsWith(ContainerLayout.ReservedPrefix + "/", StringComparison.Ordinal)
                && blob.Metadata.TryGetValue(StoredVersion.Keys.ItemId, out var itemId))
            {
                blobs[BlobMetadata.Decode(itemId)] = blob.Name;
            }
        }

        var expected = truth.Where(f => f.HasStorage).ToList();
        var problems = new ConcurrentQueue<string>();
        long missing = 0, different = 0, bytes = 0;
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = ParallelReads, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(expected, parallel, async (file, ct) =>
        {
            if (!blobs.TryGetValue(file.ItemId, out var name))
            {
                Interlocked.Increment(ref missing);
                problems.Enqueue($"missing: {file.Path}");
                return;
            }

            var stream = await container.OpenReadAsync(name, null, null, ct);
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

        return new VerificationResult(missing == 0 && different == 0 && expected.Count > 0, expected.Count, missing, different, bytes, [.. problems.Take(ProblemsKept)]);
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
/// <param name="Files">Files with storage that were expected.</param>
/// <param name="BytesRead">Bytes read back from storage and hashed.</param>
/// <param name="Problems">The first few problems found.</param>
internal sealed record VerificationResult(bool Verified, int Files, long Missing, long Different, long BytesRead, IReadOnlyList<string> Problems);
