using System.Buffers;
using System.Collections.Concurrent;
using System.Security.Cryptography;
using AccEmulator.Accounts;

namespace AccEmulator.Content;

/// <summary>SHA-1 and SHA-256 of generated objects, computed in one pass on first request and cached.</summary>
/// <remarks>Objects are immutable (a new version is a new object), so a cached hash never goes stale.</remarks>
internal sealed class ObjectHashes
{
    private const int ChunkSize = 1 << 20;

    private readonly ConcurrentDictionary<string, Lazy<Digests>> _cache = new(StringComparer.Ordinal);

    /// <summary>Lower-case hex digests of one object's served bytes.</summary>
    public sealed record Digests(string Sha1, string Sha256);

    public bool IsCached(StorageObject storage) => _cache.TryGetValue(storage.ObjectKey, out var lazy) && lazy.IsValueCreated;

    /// <summary>Returns the digests, computing them (CPU-bound, off the caller's thread) if needed.</summary>
    public Task<Digests> GetAsync(StorageObject storage, CancellationToken cancellationToken)
    {
        var lazy = _cache.GetOrAdd(storage.ObjectKey, _ => new Lazy<Digests>(() => Compute(storage)));
        return lazy.IsValueCreated || storage.Length <= ChunkSize
            ? Task.FromResult(lazy.Value)
            : Task.Run(() => lazy.Value, cancellationToken);
    }

    private static Digests Compute(StorageObject storage)
    {
        using var sha1 = IncrementalHash.CreateHash(HashAlgorithmName.SHA1);
        using var sha256 = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        try
        {
            for (long offset = 0; offset < storage.Length; offset += ChunkSize)
            {
                var span = buffer.AsSpan(0, (int)Math.Min(ChunkSize, storage.Length - offset));
                storage.Fill(offset, span);
                sha1.AppendData(span);
                sha256.AppendData(span);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        return new Digests(Convert.ToHexStringLower(sha1.GetHashAndReset()), Convert.ToHexStringLower(sha256.GetHashAndReset()));
    }
}
