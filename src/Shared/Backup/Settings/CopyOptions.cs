using System.ComponentModel.DataAnnotations;
using AccBackup.Backup.Copying;

namespace AccBackup.Backup.Settings;

/// <summary>How files are moved from APS into blob storage.</summary>
public sealed class CopyOptions : IValidatableObject
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Copy";

    /// <summary>How bytes move: <see cref="CopyMode.Stream"/> through this process, or <see cref="CopyMode.Server"/> (Put Block From URL). Default: stream.</summary>
    public CopyMode Mode { get; set; } = CopyMode.Stream;

    /// <summary>Block size of server-side copies (bytes never held here, so larger than streamed blocks). Default: 100 MiB.</summary>
    /// <remarks>Put Block From URL limits are not settled in public reports; 100 MiB is the size known to work everywhere.</remarks>
    [Range(1024, 100L * 1024 * 1024)]
    public long ServerBlockSizeBytes { get; set; } = 100L * 1024 * 1024;

    /// <summary>Files up to this size go in one Put Blob request. Default: 8 MiB.</summary>
    [Range(0, 256L * 1024 * 1024)]
    public long SingleRequestLimitBytes { get; set; } = 8L * 1024 * 1024;

    /// <summary>Block size for larger files; 0 picks 4 MiB up to 1 GiB, 8 MiB above. Default: 0.</summary>
    [Range(0, 100L * 1024 * 1024)]
    public long BlockSizeBytes { get; set; }

    /// <summary>Blocks of one file fetched in parallel with ranged GETs. Default: 8.</summary>
    [Range(1, 64)]
    public int ParallelBlocksPerFile { get; set; } = 8;

    /// <summary>Block or small-file transfers in flight in this process, all files together. Bounds memory. Default: 32.</summary>
    [Range(1, 512)]
    public int MaxConcurrentTransfers { get; set; } = 32;

    /// <summary>Bytes of download buffers this process holds, in flight and kept for reuse together. Default: 96 MiB.</summary>
    /// <remarks>
    /// With the runtime and services (≈ 70 MB) this is most of the engine's peak memory. A buffer is held while its block
    /// downloads and is staged: ≈ 0.55 s for 4 MiB at 8 MB/s per connection, so a 100 MB/s link keeps ≈ 55 MB in flight
    /// (14 blocks); 96 MiB (24 blocks) leaves room for small files' buffers rounded up to a power of two. The bench's
    /// link-bound scenario (100 MB/s, 8 MB/s per connection) runs at 0.94 of its ideal with it (bench/results/latest.md).
    /// Raise it for links faster than ≈ 1 Gbit/s with slow connections. Must hold the largest single transfer:
    /// <see cref="SingleRequestLimitBytes"/> and the block size.
    /// </remarks>
    [Range(TransferBufferPool.SmallestBucket, 4L << 30)]
    public long BufferBudgetBytes { get; set; } = 96L << 20;

    /// <summary>Files copied at once by one batch. Default: 16.</summary>
    [Range(1, 512)]
    public int MaxConcurrentFiles { get; set; } = 16;

    /// <summary>Timeout of one attempt of a block or small-file GET, body included. Default: 00:05:00.</summary>
    [Range(typeof(TimeSpan), "00:00:01", "01:00:00")]
    public TimeSpan TransferTimeout { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>Wait before asking again for an object APS reports as "chunked". Default: 00:00:30.</summary>
    [Range(typeof(TimeSpan), "00:00:00", "00:30:00")]
    public TimeSpan ChunkedRetryDelay { get; set; } = TimeSpan.FromSeconds(30);

    /// <inheritdoc />
    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        // A transfer larger than the budget would wait forever (server mode falls back to streaming, so it counts too).
        var largest = TransferBufferPool.BucketOf(LargestStreamedTransfer);
        if (BufferBudgetBytes < largest)
        {
            yield return new ValidationResult(
                $"Copy:BufferBudgetBytes ({BufferBudgetBytes}) must hold the largest transfer ({largest} bytes: Copy:SingleRequestLimitBytes or the block size, rounded up to a power of two).",
                [nameof(BufferBudgetBytes)]);
        }
    }

    /// <summary>The largest buffer one streamed transfer needs: a whole small file or the largest block.</summary>
    public int LargestStreamedTransfer => (int)Math.Max(SingleRequestLimitBytes, BlockSizeFor(long.MaxValue));

    /// <summary>The block size for a file of <paramref name="length"/> bytes.</summary>
    public int BlockSizeFor(long length)
    {
        if (BlockSizeBytes > 0)
        {
            return (int)BlockSizeBytes;
        }

        // Azure allows 50,000 blocks per blob: 8 MiB blocks cover 390 GiB.
        return length <= 1L << 30 ? 4 << 20 : 8 << 20;
    }

    /// <summary>The server-side block size for a file of <paramref name="length"/> bytes: never more than Azure's 50,000 blocks.</summary>
    public int ServerBlockSizeFor(long length) =>
        (int)Math.Max(ServerBlockSizeBytes, (length + Storage.BlobBlockIds.MaxBlocks - 1) / Storage.BlobBlockIds.MaxBlocks);
}
