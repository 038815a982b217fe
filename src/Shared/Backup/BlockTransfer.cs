using System.Buffers;

namespace AccBackup.Backup;

/// <summary>One block's pooled buffer and transfer slot, held from download until it has been hashed.</summary>
internal sealed class BlockTransfer : IDisposable
{
    private readonly TransferSlots.Slot slot;
    private byte[]? array;
    private int length;

    private BlockTransfer(TransferSlots.Slot slot, byte[] array, int size)
    {
        this.slot = slot;
        this.array = array;
        Buffer = array.AsMemory(0, size);
    }

    public Memory<byte> Buffer { get; }

    public ReadOnlyMemory<byte> Content => Buffer[..length];

    public long Total { get; private set; } = -1;

    public static async Task<BlockTransfer> RentAsync(TransferSlots slots, int size, CancellationToken cancellationToken)
    {
        var slot = await slots.EnterAsync(cancellationToken).ConfigureAwait(false);
        return new BlockTransfer(slot, ArrayPool<byte>.Shared.Rent(Math.Max(1, size)), size);
    }

    /// <summary>A transfer if a slot is free right now, else null (never waits).</summary>
    public static BlockTransfer? TryRent(TransferSlots slots, int size) =>
        slots.TryEnter(out var slot) ? new BlockTransfer(slot, ArrayPool<byte>.Shared.Rent(Math.Max(1, size)), size) : null;

    public void Complete(int read, long total)
    {
        length = read;
        Total = total;
    }

    public void Dispose()
    {
        var rented = Interlocked.Exchange(ref array, null);
        if (rented is not null)
        {
            ArrayPool<byte>.Shared.Return(rented);
            slot.Dispose();
        }
    }
}
