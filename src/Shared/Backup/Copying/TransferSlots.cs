using AccBackup.Backup.Settings;
using Microsoft.Extensions.Options;

namespace AccBackup.Backup.Copying;

/// <summary>Process-wide bound on transfers in flight and on the bytes of their buffers: it bounds the copy engine's memory.</summary>
/// <remarks>
/// Two limits, one gate: <see cref="CopyOptions.MaxConcurrentTransfers"/> transfers, and
/// <see cref="CopyOptions.BufferBudgetBytes"/> bytes of buffers (<see cref="TransferBufferPool"/>) — those in use and
/// those kept for reuse together, so what this process holds for downloads never exceeds the budget (the shared
/// <c>ArrayPool</c> kept per-thread and per-core arrays of every size bucket: 255 MB live after a GC at the link-bound
/// benchmark's peak, with 28 transfers in flight). Waiters are served in arrival order, and a
/// <see cref="TryEnter(int, out Slot?)"/> never overtakes them, so a large transfer is not starved by small ones.
/// </remarks>
public sealed class TransferSlots : IDisposable
{
    private readonly object gate = new();
    private readonly int maxSlots;
    private readonly TransferBufferPool pool;
    private readonly LinkedList<Waiter> waiters = new();
    private int slotsInUse;

    /// <summary>Creates the slots from the copy options.</summary>
    public TransferSlots(IOptions<CopyOptions> options)
    {
        maxSlots = options.Value.MaxConcurrentTransfers;
        pool = new TransferBufferPool(options.Value.BufferBudgetBytes, options.Value.LargestStreamedTransfer);
    }

    /// <summary>Transfers in flight now.</summary>
    public int InUse
    {
        get
        {
            lock (gate)
            {
                return slotsInUse;
            }
        }
    }

    /// <summary>Buffer bytes held by transfers in flight now (sizes rounded up to the pool's buckets).</summary>
    public long BytesInUse
    {
        get
        {
            lock (gate)
            {
                return pool.BytesInUse;
            }
        }
    }

    /// <summary>Buffer bytes kept for reuse, not held by any transfer.</summary>
    public long BytesIdle
    {
        get
        {
            lock (gate)
            {
                return pool.BytesIdle;
            }
        }
    }

    /// <summary>The most buffer bytes held at once since start (in use and kept), even after <see cref="ReleaseIdleBuffers"/>.</summary>
    public long PeakBufferBytes
    {
        get
        {
            lock (gate)
            {
                return pool.PeakBytes;
            }
        }
    }

    /// <summary>Waits for a slot without a buffer (a transfer whose bytes never pass through this process).</summary>
    public ValueTask<Slot> EnterAsync(CancellationToken cancellationToken) => EnterAsync(0, cancellationToken);

    /// <summary>Waits for a slot with a buffer of <paramref name="bufferBytes"/>; dispose the result to give both back.</summary>
    public async ValueTask<Slot> EnterAsync(int bufferBytes, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Waiter waiter;
        lock (gate)
        {
            if (TransferBufferPool.BucketOf(bufferBytes) > pool.SlabSize)
            {
                throw new ArgumentOutOfRangeException(nameof(bufferBytes), bufferBytes, $"larger than the largest transfer the options allow ({pool.SlabSize} bytes).");
            }

#pragma warning disable CA2000 // returned: the caller owns it
            if (waiters.Count == 0 && TryGrant(bufferBytes) is { } now)
            {
                return now;
            }
#pragma warning restore CA2000

            waiter = new Waiter(bufferBytes);
            waiter.Node = waiters.AddLast(waiter);
        }

        using (cancellationToken.UnsafeRegister(
            static (state, token) =>
            {
                var (slots, waiting) = ((TransferSlots, Waiter))state!;
                slots.Cancel(waiting, token);
            },
            (this, waiter)))
        {
            return await waiter.Granted.Task.ConfigureAwait(false);
        }
    }

    /// <summary>A slot without a buffer if one is free right now and nobody waits; never waits.</summary>
    public bool TryEnter(out Slot? slot) => TryEnter(0, out slot);

    /// <summary>A slot with a buffer of <paramref name="bufferBytes"/> if both are free now and nobody waits; never waits.</summary>
    public bool TryEnter(int bufferBytes, out Slot? slot)
    {
        lock (gate)
        {
            slot = waiters.Count == 0 ? TryGrant(bufferBytes) : null;
            return slot is not null;
        }
    }

    /// <summary>Gives the buffers kept for reuse back to the GC when no transfer holds one: for a phase that copies
    /// nothing (the manifest), whose memory they would otherwise add to. Returns the bytes let go.</summary>
    public long ReleaseIdleBuffers()
    {
        lock (gate)
        {
            return pool.ReleaseIfIdle();
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        // Nothing to release: the buffers are managed arrays. Kept so hosts dispose it with the container as before.
    }

    // Under the gate.
    private Slot? TryGrant(int bufferBytes)
    {
        if (slotsInUse >= maxSlots || !pool.TryTake(bufferBytes, out var buffer))
        {
            return null;
        }

        slotsInUse++;
        return new Slot(this, buffer);
    }

    private void Release(TransferBuffer buffer)
    {
        List<(Waiter Waiter, Slot Slot)>? granted;
        lock (gate)
        {
            slotsInUse--;
            pool.Give(buffer);
            granted = GrantWaiting();
        }

        Complete(granted);
    }

    private void Cancel(Waiter waiter, CancellationToken token)
    {
        List<(Waiter Waiter, Slot Slot)>? granted;
        lock (gate)
        {
            if (waiter.Node is null)
            {
                return; // granted already: the caller gets the slot and gives it back
            }

            waiters.Remove(waiter.Node);
            waiter.Node = null;

            // A cancelled head may have held back smaller transfers behind it.
            granted = GrantWaiting();
        }

        waiter.Granted.TrySetCanceled(token);
        Complete(granted);
    }

    // Under the gate: serves the waiters in order while the head fits.
    private List<(Waiter Waiter, Slot Slot)>? GrantWaiting()
    {
        List<(Waiter Waiter, Slot Slot)>? granted = null;
#pragma warning disable CA2000 // handed to the waiter, who owns it
        while (waiters.First is { } first && TryGrant(first.Value.BufferBytes) is { } slot)
        {
            waiters.RemoveFirst();
            first.Value.Node = null;
            (granted ??= []).Add((first.Value, slot));
        }
#pragma warning restore CA2000

        return granted;
    }

    private static void Complete(List<(Waiter Waiter, Slot Slot)>? granted)
    {
        foreach (var (waiter, slot) in granted ?? [])
        {
            waiter.Granted.SetResult(slot);
        }
    }

    /// <summary>A held slot and its buffer; disposing it gives both back (once).</summary>
    public sealed class Slot : IDisposable
    {
        private readonly TransferBuffer buffer;
        private TransferSlots? owner;

        internal Slot(TransferSlots owner, TransferBuffer buffer)
        {
            this.owner = owner;
            this.buffer = buffer;
        }

        /// <summary>The buffer, exactly as long as asked; empty for a slot without one.</summary>
        public Memory<byte> Buffer => buffer.Memory;

        /// <inheritdoc />
        public void Dispose() => Interlocked.Exchange(ref owner, null)?.Release(buffer);
    }

    private sealed class Waiter(int bufferBytes)
    {
        public int BufferBytes { get; } = bufferBytes;

        public TaskCompletionSource<Slot> Granted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public LinkedListNode<Waiter>? Node { get; set; }
    }
}
