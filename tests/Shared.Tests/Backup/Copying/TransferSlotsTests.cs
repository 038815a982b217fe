using AccBackup.Backup.Copying;
using AccBackup.Backup.Settings;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Backup.Copying;

[Trait("Category", "Unit")]
public sealed class TransferSlotsTests
{
    private const int Block = 4 << 20;

    [Fact]
    public async Task TryEnter_NoSlotFree_ReturnsFalseAndHandsOutNothing()
    {
        using var slots = CreateSut(1);
        using var held = await slots.EnterAsync(CancellationToken.None);

        var entered = slots.TryEnter(out var none);

        Assert.False(entered);
        Assert.Null(none);
        Assert.False(slots.TryEnter(out _), "the held slot is still held");
    }

    [Fact]
    public void TryEnter_SlotFree_TakesItUntilDisposedOnce()
    {
        using var slots = CreateSut(1);

        Assert.True(slots.TryEnter(out var slot));
        Assert.False(slots.TryEnter(out _));
        slot!.Dispose();
        slot.Dispose(); // a second dispose must not free a slot someone else holds
        Assert.True(slots.TryEnter(out _));
        Assert.False(slots.TryEnter(out _));
    }

    [Fact]
    public void TryEnter_BudgetSpent_ReturnsFalseThoughSlotsAreFree()
    {
        using var slots = CreateSut(32, budget: 2 * Block);
        Assert.True(slots.TryEnter(Block, out var first));
        Assert.True(slots.TryEnter(Block, out var second));

        Assert.False(slots.TryEnter(1, out _));
        Assert.Equal((2, 2L * Block), (slots.InUse, slots.BytesInUse));
        first!.Dispose();
        Assert.Equal((1, (long)Block, (long)Block), (slots.InUse, slots.BytesInUse, slots.BytesIdle));
        Assert.True(slots.TryEnter(Block, out var again));
        Assert.Equal(Block, again!.Buffer.Length);
        Assert.Equal((2L * Block, 0L), (slots.BytesInUse, slots.BytesIdle));
        second!.Dispose();
        again.Dispose();
        Assert.Equal((0, 0L, 2L * Block), (slots.InUse, slots.BytesInUse, slots.BytesIdle));
    }

    [Fact]
    public async Task EnterAsync_BudgetSpent_WaitsUntilBytesAreGivenBack()
    {
        using var slots = CreateSut(32, budget: 2 * Block);
        var held = await slots.EnterAsync(2 * Block, CancellationToken.None);

        var waiting = slots.EnterAsync(Block, CancellationToken.None).AsTask();
        await Task.Delay(50);
        Assert.False(waiting.IsCompleted);
        held.Dispose();
        using var granted = await waiting.WaitAsync(Testing.TestWaits.Signal);

        Assert.Equal(Block, granted.Buffer.Length);
        Assert.Equal((long)Block, slots.BytesInUse);
        Assert.Equal(2L * Block, slots.BytesInUse + slots.BytesIdle);
    }

    [Fact]
    public async Task TryEnter_SomeoneWaits_DoesNotOvertakeThem()
    {
        using var slots = CreateSut(32, budget: 2 * Block);
        var held = await slots.EnterAsync(Block, CancellationToken.None); // half the one 8 MiB slab: 4 MiB left

        var large = slots.EnterAsync(2 * Block, CancellationToken.None).AsTask();

        Assert.False(slots.TryEnter(1, out _), "a small transfer would fit but must not starve the waiting large one");
        held.Dispose();
        using var granted = await large.WaitAsync(Testing.TestWaits.Signal);
        Assert.Equal((2L * Block, 0L), (slots.BytesInUse, slots.BytesIdle));
    }

    [Fact]
    public async Task EnterAsync_CancelledWhileWaiting_ThrowsAndLeavesTheBudgetWhole()
    {
        using var slots = CreateSut(32, budget: 2 * Block);
        var held = await slots.EnterAsync(Block, CancellationToken.None);
        using var cancel = new CancellationTokenSource();

        var large = slots.EnterAsync(2 * Block, cancel.Token).AsTask();
        var small = slots.EnterAsync(Block, CancellationToken.None).AsTask();
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => large);
        using var granted = await small.WaitAsync(Testing.TestWaits.Signal); // the cancelled head no longer holds it back
        held.Dispose();
        Assert.Equal((1, (long)Block, (long)Block), (slots.InUse, slots.BytesInUse, slots.BytesIdle));
    }

    [Fact]
    public async Task EnterAsync_LargerThanTheLargestTransfer_Throws()
    {
        using var slots = CreateSut(32);

        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => slots.EnterAsync((2 * Block) + 1, CancellationToken.None).AsTask());
    }

    [Fact]
    public void Validate_BudgetSmallerThanTheSingleRequestLimit_NamesTheSetting()
    {
        var options = new CopyOptions { BufferBudgetBytes = 8 << 20, SingleRequestLimitBytes = (8 << 20) + 1 };

        var results = options.Validate(new System.ComponentModel.DataAnnotations.ValidationContext(options)).ToList();

        Assert.Contains("Copy:BufferBudgetBytes", Assert.Single(results).ErrorMessage, StringComparison.Ordinal);
        Assert.Empty(new CopyOptions().Validate(new System.ComponentModel.DataAnnotations.ValidationContext(options)));
    }

    [Fact]
    public async Task ReleaseIdleBuffers_OnlyWhenNoTransferHoldsOne_LetsGoOfTheKeptBuffersAndLaterTransfersStillGetOne()
    {
        using var slots = CreateSut(4);
        var held = await slots.EnterAsync(4 << 20, CancellationToken.None);
        (await slots.EnterAsync(1 << 20, CancellationToken.None)).Dispose();

        Assert.Equal(0, slots.ReleaseIdleBuffers()); // one buffer still out: nothing is let go
        held.Dispose();
        var idle = slots.BytesIdle;
        var released = slots.ReleaseIdleBuffers();

        Assert.True(idle > 0);
        Assert.Equal(idle, released);
        Assert.Equal(0, slots.BytesIdle);
        Assert.Equal(idle, slots.PeakBufferBytes); // the peak is remembered for the report
        using var again = await slots.EnterAsync(4 << 20, CancellationToken.None);
        Assert.Equal(4 << 20, again.Buffer.Length);
        Assert.Equal(4L << 20, slots.BytesInUse);
    }

    private static TransferSlots CreateSut(int slots, long budget = 128L << 20) =>
        new(Options.Create(new CopyOptions { MaxConcurrentTransfers = slots, BufferBudgetBytes = budget }));
}
