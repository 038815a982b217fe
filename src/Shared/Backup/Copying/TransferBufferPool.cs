using System.Numerics;

namespace AccBackup.Backup.Copying;

/// <summary>The download buffers of <see cref="TransferSlots"/>: slices of a few large arrays (slabs) never more than the budget.</summary>
/// <remarks>
/// A buddy allocator: each slab (the largest buffer, rounded up to a power of two) is split into halves down to 16 KiB
/// and halves are merged back when both are free. Buffers are rounded up to a power of two. Slabs are allocated as
/// demand first needs them and kept: no buffer is ever garbage, so the GC has nothing to collect here and the
/// process's memory for downloads is the slabs allocated, at most the budget. (Arrays per size, the way ArrayPool keeps
/// them, either stay for every size bucket ever used or, dropped to make room for a new size, pile up as large-object
/// garbage until a gen-2 GC: 400 MB at the link-bound benchmark's peak.) Not thread-safe: used under TransferSlots' gate.
/// </remarks>
internal sealed class TransferBufferPool
{
    /// <summary>The smallest buffer handed out.</summary>
    public const int SmallestBucket = 16 << 10;

    private readonly List<byte[]> slabs = [];
    private readonly SortedSet<long>[] free; // per order (size = SmallestBucket << order): addresses = slab × SlabSize + offset
    private readonly int maxSlabs;

    /// <summary>Creates a pool of at most <paramref name="budget"/> bytes whose largest buffer is <paramref name="largestBuffer"/>.</summary>
    public TransferBufferPool(long budget, int largestBuffer)
    {
        SlabSize = BucketOf(Math.Max(largestBuffer, SmallestBucket));
        maxSlabs = (int)Math.Min(budget / SlabSize, int.MaxValue);
        if (maxSlabs < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(budget), budget, $"the budget must hold the largest buffer ({SlabSize} bytes).");
        }

        free = new SortedSet<long>[OrderOf(SlabSize) + 1];
        for (var order = 0; order < free.Length; order++)
        {
            free[order] = [];
        }
    }

    /// <summary>The size of one slab: the largest buffer the pool hands out.</summary>
    public int SlabSize { get; }

    /// <summary>The most bytes the pool allocates: whole slabs within the budget.</summary>
    public long Budget => (long)maxSlabs * SlabSize;

    /// <summary>Bytes of buffers handed out and not yet given back (rounded up to their buckets).</summary>
    public long BytesInUse { get; private set; }

    /// <summary>The most bytes of slabs ever allocated at once (what the downloads needed at their peak), kept across <see cref="ReleaseIfIdle"/>.</summary>
    public long PeakBytes { get; private set; }

    /// <summary>Bytes allocated and free for reuse.</summary>
    public long BytesIdle => ((long)slabs.Count * SlabSize) - BytesInUse;

    /// <summary>The bucket a buffer of <paramref name="length"/> bytes takes: a power of two from 16 KiB; 0 for none.</summary>
    public static int BucketOf(int length) => length switch
    {
        <= 0 => 0,
        <= SmallestBucket => SmallestBucket,
        _ => (int)BitOperations.RoundUpToPowerOf2((uint)length),
    };

    /// <summary>A buffer of <paramref name="length"/> bytes if a free block of its bucket can be found or made; never waits.</summary>
    public bool TryTake(int length, out TransferBuffer buffer)
    {
        buffer = default;
        var bucket = BucketOf(length);
        if (bucket == 0)
        {
            return true;
        }

        if (bucket > SlabSize)
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, $"larger than the pool's largest buffer ({SlabSize} bytes).");
        }

        var order = OrderOf(bucket);
        var found = order;
        while (found < free.Length && free[found].Count == 0)
        {
            found++;
        }

        if (found == free.Length)
        {
            if (slabs.Count == maxSlabs)
            {
                return false;
            }

            slabs.Add(GC.AllocateUninitializedArray<byte>(SlabSize));
            PeakBytes = Math.Max(PeakBytes, (long)slabs.Count * SlabSize);
            found = free.Length - 1;
            free[found].Add((long)(slabs.Count - 1) * SlabSize);
        }

        // The lowest free address keeps the low slabs busy and the high ones whole for large buffers.
        var address = free[found].Min;
        free[found].Remove(address);
        while (found > order)
        {
            found--;
            free[found].Add(address + (SmallestBucket << found));
        }

        BytesInUse += bucket;
        var slab = slabs[(int)(address / SlabSize)];
        buffer = new TransferBuffer(address, bucket, slab.AsMemory((int)(address % SlabSize), length));
        return true;
    }

    /// <summary>Takes back a buffer from <see cref="TryTake"/>, merging it with its free buddies.</summary>
    public void Give(TransferBuffer buffer)
    {
        if (buffer.Bucket == 0)
        {
            return;
        }

        BytesInUse -= buffer.Bucket;
        var order = OrderOf(buffer.Bucket);
        var address = buffer.Address;
        while (order < free.Length - 1 && free[order].Remove(address ^ ((long)SmallestBucket << order)))
        {
            address &= ~((long)SmallestBucket << order);
            order++;
        }

        free[order].Add(address);
    }

    /// <summary>Lets the GC have every slab when no buffer is handed out; returns the bytes let go (0 while any buffer is out).</summary>
    /// <remarks>The next <see cref="TryTake"/> allocates slabs again as demand needs them.</remarks>
    public long ReleaseIfIdle()
    {
        if (BytesInUse > 0)
        {
            return 0;
        }

        var released = (long)slabs.Count * SlabSize;
        slabs.Clear();
        foreach (var addresses in free)
        {
            addresses.Clear();
        }

        return released;
    }

    private static int OrderOf(int bucket) => BitOperations.Log2((uint)bucket) - BitOperations.Log2(SmallestBucket);
}

/// <summary>A buffer handed out by <see cref="TransferBufferPool"/>: where it lies, its bucket, and the bytes asked for.</summary>
internal readonly record struct TransferBuffer(long Address, int Bucket, Memory<byte> Memory);
