namespace AccBackup.Backup.Copying;

/// <summary>One block's transfer slot and buffer (from <see cref="TransferSlots"/>'s budget), held from download until it has been hashed.</summary>
internal sealed class BlockTransfer : IDisposable
{
    private readonly TransferSlots.Slot slot;
    private int length;

    private BlockTransfer(TransferSlots.Slot slot) => this.slot = slot;

    public Memory<byte> Buffer => slot.Buffer;

    public ReadOnlyMemory<byte> Content => Buffer[..length];

    public long Total { get; private set; } = -1;

    public static async Task<BlockTransfer> RentAsync(TransferSlots slots, int size, CancellationToken cancellationToken) =>
        new(await slots.EnterAsync(Math.Max(1, size), cancellationToken).ConfigureAwait(false));

    /// <summary>A transfer if a slot and its buffer are free right now, else null (never waits).</summary>
    public static BlockTransfer? TryRent(TransferSlots slots, int size)
    {
#pragma warning disable CA2000 // the slot's ownership moves to the transfer, which disposes it
        return slots.TryEnter(Math.Max(1, size), out var slot) ? new BlockTransfer(slot!) : null;
#pragma warning restore CA2000
    }

    public void Complete(int read, long total)
    {
        length = read;
        Total = total;
    }

    public void Dispose() => slot.Dispose();
}
