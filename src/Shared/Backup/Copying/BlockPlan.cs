using AccBackup.Storage;

namespace AccBackup.Backup.Copying;

/// <summary>How a file is cut into blocks: fixed size, deterministic ids of equal length.</summary>
internal readonly record struct BlockPlan(int BlockSize, long Total = -1)
{
    public int Count => Total <= 0 ? 1 : checked((int)((Total + BlockSize - 1) / BlockSize));

    public BlockPlan WithTotal(long total) => this with { Total = total };

    public long OffsetOf(int index) => (long)index * BlockSize;

    public int SizeOf(int index) => (int)Math.Min(BlockSize, Total - OffsetOf(index));

    /// <summary>Same index → same id: a retried block overwrites its earlier, uncommitted self.</summary>
    public string BlockId(int index) => BlobBlockIds.FromIndex(index);

    public IReadOnlyList<string> BlockIds() => Enumerable.Range(0, Count).Select(BlockId).ToArray();
}
