using Microsoft.Extensions.Options;

namespace AccBackup.Backup;

/// <summary>Process-wide bound on transfers in flight: with the block size it bounds the copy engine's memory.</summary>
public sealed class TransferSlots(IOptions<CopyOptions> options) : IDisposable
{
    private readonly SemaphoreSlim slots = new(options.Value.MaxConcurrentTransfers, options.Value.MaxConcurrentTransfers);

    /// <summary>Waits for a slot; dispose the result to give it back.</summary>
    public async ValueTask<Slot> EnterAsync(CancellationToken cancellationToken)
    {
        await slots.WaitAsync(cancellationToken).ConfigureAwait(false);
        return new Slot(slots);
    }

    /// <summary>A slot if one is free right now; never waits. When none is, <paramref name="slot"/> holds nothing.</summary>
    public bool TryEnter(out Slot slot)
    {
        slot = slots.Wait(0) ? new Slot(slots) : default;
        return slot.IsHeld;
    }

    /// <inheritdoc />
    public void Dispose() => slots.Dispose();

    /// <summary>A held slot; the default value holds none, and disposing it gives nothing back.</summary>
    public readonly struct Slot(SemaphoreSlim? owner) : IDisposable
    {
        /// <summary>Whether this holds a slot.</summary>
        public bool IsHeld => owner is not null;

        /// <inheritdoc />
        public void Dispose() => owner?.Release();
    }
}
