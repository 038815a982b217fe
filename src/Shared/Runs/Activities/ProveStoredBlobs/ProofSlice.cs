using System.Buffers.Binary;
using System.Security.Cryptography;
using System.Text;

namespace AccBackup.Runs.Activities;

/// <summary>Which stored blobs one night proves: a blob is hashed on the night its name's bucket (a SHA-256 of the name, mod
/// <c>Backup:ProveAllWithinDays</c>) equals the night's day number (UTC, from the run's start) mod the same; so over that many
/// consecutive nights each blob is read whole once. Existence and length, which cost no bytes, are checked on a shorter
/// period (a week, or fewer days when ProveAllWithinDays is shorter), so a deleted blob is found within days.</summary>
/// <remarks>Deterministic: a retried or replayed step proves the same slice, and nothing but the name and the start day decides.</remarks>
public sealed class ProofSlice
{
    /// <summary>The longest period of the existence-and-length check.</summary>
    public const int MaxCheckDays = 7;

    private readonly int hashDays;
    private readonly int checkDays;
    private readonly int day;

    private ProofSlice(int hashDays, int day)
    {
        this.hashDays = hashDays;
        checkDays = Math.Min(hashDays, MaxCheckDays);
        this.day = day;
    }

    /// <summary>The slice of the night that started at <paramref name="startedAt"/>.</summary>
    public static ProofSlice For(DateTimeOffset startedAt, int proveAllWithinDays)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(proveAllWithinDays, 1);
        return new ProofSlice(proveAllWithinDays, DateOnly.FromDateTime(startedAt.UtcDateTime).DayNumber);
    }

    /// <summary>Whether tonight reads <paramref name="blobName"/> whole and compares its SHA-256.</summary>
    public bool Hashes(string blobName) => Bucket(blobName) % (ulong)hashDays == (ulong)(day % hashDays);

    /// <summary>Whether tonight checks <paramref name="blobName"/> at all: its existence, length and version (and hashes it when <see cref="Hashes"/>).</summary>
    public bool Checks(string blobName) => Hashes(blobName) || Bucket(blobName) % (ulong)checkDays == (ulong)(day % checkDays);

    // Not string.GetHashCode: that differs between processes, and the slice must be the same in every process on every night.
    private static ulong Bucket(string blobName)
    {
        Span<byte> hash = stackalloc byte[SHA256.HashSizeInBytes];
        SHA256.HashData(Encoding.UTF8.GetBytes(blobName), hash);
        return BinaryPrimitives.ReadUInt64LittleEndian(hash);
    }
}
