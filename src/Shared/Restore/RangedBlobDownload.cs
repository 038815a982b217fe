using System.Buffers;
using System.Security.Cryptography;
using AccBackup.Storage;
using Microsoft.Win32.SafeHandles;

namespace AccBackup.Restore;

/// <summary>Reads a large blob into a file with parallel ranged GETs, hashing its bytes in order as the ranges arrive.</summary>
/// <remarks>
/// Up to <see cref="RangesInFlight"/> ranges are read at once, each into its own buffer and written at its offset; they
/// are hashed in order, and a new range starts only when the oldest has been hashed, so a file holds at most
/// <see cref="RangesInFlight"/> × <see cref="RangeBytes"/> of memory. A range that ends short stops the reading: the
/// content returned is what was read up to there, which then fails the manifest's proof like any other difference.
/// </remarks>
internal static class RangedBlobDownload
{
    /// <summary>Bytes per ranged GET.</summary>
    public const int RangeBytes = 8 << 20;

    /// <summary>Ranged GETs in flight per file.</summary>
    public const int RangesInFlight = 8;

    /// <summary>Blobs from this size (<see cref="RangesInFlight"/> full ranges) are read in ranges; smaller ones in one GET.</summary>
    /// <remarks>
    /// Ranges pay where one connection's rate binds (Azure over a long link); below this, the restore's files in parallel
    /// fill the link, and one GET costs the service and this process least (bench link-bound, Azurite over loopback: every
    /// blob in one GET 381–490 MB/s; from 8 MiB in 4 MiB ranges 217 MB/s; from 64 MiB 262 MB/s; bench/README.md).
    /// </remarks>
    public const long MinimumBytes = (long)RangesInFlight * RangeBytes;

    /// <summary>Reads the <paramref name="length"/> bytes of <paramref name="blobName"/> into <paramref name="file"/> (an empty file
    /// opened for asynchronous writes): their length and SHA-256, or of the bytes up to the first short range.</summary>
    public static async Task<StoredContent> DownloadAsync(BlobContainer container, string blobName, long length, SafeFileHandle file, CancellationToken cancellationToken)
    {
        using var sha256 = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var pending = new Queue<Task<RangeRead>>();
        long hashed = 0;
        try
        {
            var complete = true;
            for (long offset = 0; offset < length; offset += RangeBytes)
            {
                if (pending.Count == RangesInFlight && !(complete = await HashOldestAsync().ConfigureAwait(false)))
                {
                    break;
                }

                pending.Enqueue(ReadRangeAsync(container, blobName, offset, (int)Math.Min(RangeBytes, length - offset), file, stop.Token));
            }

            while (complete && pending.Count > 0)
            {
                complete = await HashOldestAsync().ConfigureAwait(false);
            }

            return new StoredContent(hashed, Convert.ToHexStringLower(sha256.GetHashAndReset()));
        }
        finally
        {
            // Reads still going (after a failure or a short range) are stopped and awaited, their buffers returned; the first
            // failure is the one that propagates, not those it caused.
            await stop.CancelAsync().ConfigureAwait(false);
            await ((Task)Task.WhenAll(pending)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            foreach (var read in pending.Where(r => r.IsCompletedSuccessfully))
            {
                ArrayPool<byte>.Shared.Return(read.Result.Buffer);
            }
        }

        async Task<bool> HashOldestAsync()
        {
            var read = await pending.Peek().ConfigureAwait(false);
            _ = pending.Dequeue();
            sha256.AppendData(read.Buffer, 0, read.Count);
            hashed += read.Count;
            ArrayPool<byte>.Shared.Return(read.Buffer);
            return read.Count == read.Asked;
        }
    }

    private static async Task<RangeRead> ReadRangeAsync(BlobContainer container, string blobName, long offset, int count, SafeFileHandle file, CancellationToken cancellationToken)
    {
        var buffer = ArrayPool<byte>.Shared.Rent(count);
        try
        {
            var filled = 0;
            var stream = await container.OpenReadAsync(blobName, offset, count, cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                int read;
                while (filled < count && (read = await stream.ReadAsync(buffer.AsMemory(filled, count - filled), cancellationToken).ConfigureAwait(false)) > 0)
                {
                    filled += read;
                }
            }

            await RandomAccess.WriteAsync(file, buffer.AsMemory(0, filled), offset, cancellationToken).ConfigureAwait(false);
            return new RangeRead(buffer, filled, count);
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    /// <summary>One range read: <paramref name="Count"/> of the <paramref name="Asked"/> bytes are in <paramref name="Buffer"/> (rented).</summary>
    private sealed record RangeRead(byte[] Buffer, int Count, int Asked);
}
