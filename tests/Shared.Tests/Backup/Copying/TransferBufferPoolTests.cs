using AccBackup.Backup.Copying;


namespace AccBackup.Tests.Backup.Copying;

[Trait("Category", "Unit")]
public sealed class TransferBufferPoolTests
{
    private const int MiB = 1 << 20;

    [Theory]
    [InlineData(0, 0)]
    [InlineData(1, 16 << 10)]
    [InlineData((16 << 10) + 1, 32 << 10)]
    [InlineData(MiB, MiB)]
    [InlineData(MiB + 1, 2 * MiB)]
    [InlineData(4 * MiB, 4 * MiB)]
    [InlineData((5 * MiB) - 1, 8 * MiB)]
    [InlineData(8 * MiB, 8 * MiB)]
    public void BucketOf_Length_RoundsUpToItsBucket(int length, int bucket) =>
        Assert.Equal(bucket, TransferBufferPool.BucketOf(length));

    [Fact]
    public void TryTake_FirstBuffer_AllocatesOneSlabAndSplitsIt()
    {
        var pool = new TransferBufferPool(16 * MiB, 8 * MiB);

        Assert.True(pool.TryTake(3 * MiB, out var buffer));

        Assert.Equal(3 * MiB, buffer.Memory.Length);
        Assert.Equal((4L * MiB, 4L * MiB), (pool.BytesInUse, pool.BytesIdle)); // one 8 MiB slab: 4 in use, 4 free
    }

    [Fact]
    public void TryTake_BuffersInUse_NeverOverlap()
    {
        var pool = new TransferBufferPool(8 * MiB, 8 * MiB);
        var taken = new List<TransferBuffer>();
        foreach (var length in new[] { 100, MiB, 20_000, 2 * MiB, 40_000, 3 * MiB })
        {
            Assert.True(pool.TryTake(length, out var buffer));
            buffer.Memory.Span.Fill((byte)taken.Count);
            taken.Add(buffer);
        }

        for (var i = 0; i < taken.Count; i++)
        {
            Assert.True(taken[i].Memory.Span.IndexOfAnyExcept((byte)i) < 0, $"buffer {i} was overwritten");
        }

        Assert.Equal(8L * MiB, pool.BytesInUse + pool.BytesIdle);
    }

    [Fact]
    public void Give_EveryBuffer_MergesBackIntoWholeSlabsWithoutAllocating()
    {
        var pool = new TransferBufferPool(16 * MiB, 8 * MiB);
        var taken = new List<TransferBuffer>();
        for (var i = 0; i < 64; i++)
        {
            Assert.True(pool.TryTake(200_000, out var buffer)); // 256 KiB each: two slabs full
            taken.Add(buffer);
        }

        Assert.False(pool.TryTake(1, out _), "both slabs are full and the budget holds no third");
        taken.ForEach(pool.Give);

        Assert.Equal((0L, 16L * MiB), (pool.BytesInUse, pool.BytesIdle));
        Assert.True(pool.TryTake(8 * MiB, out _));
        Assert.True(pool.TryTake(8 * MiB, out _));
        Assert.Equal((16L * MiB, 0L), (pool.BytesInUse, pool.BytesIdle));
    }

    [Fact]
    public void TryTake_BudgetSpent_RefusesAndChangesNothing()
    {
        var pool = new TransferBufferPool(8 * MiB, 8 * MiB);
        Assert.True(pool.TryTake(6 * MiB, out _)); // 8 MiB bucket

        Assert.False(pool.TryTake(16 << 10, out var none));

        Assert.Equal(default, none);
        Assert.Equal((8L * MiB, 0L), (pool.BytesInUse, pool.BytesIdle));
    }

    [Fact]
    public void TryTake_NoBuffer_GrantedWithoutBytes()
    {
        var pool = new TransferBufferPool(MiB, MiB);

        Assert.True(pool.TryTake(0, out var none));

        Assert.True(none.Memory.IsEmpty);
        Assert.Equal((0L, 0L), (pool.BytesInUse, pool.BytesIdle));
    }

    [Fact]
    public void Budget_NotAMultipleOfTheSlab_RoundsDownToWholeSlabs() =>
        Assert.Equal(8L * MiB, new TransferBufferPool((12L * MiB) - 1, 5 * MiB).Budget);
}
