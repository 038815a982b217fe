using AccBackup.Backup;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Backup;

public sealed class TransferSlotsTests
{
    [Fact]
    public async Task TryEnter_NoSlotFree_ReturnsFalseAndHandsOutNothingThatFreesASlot()
    {
        using var slots = CreateSut(1);
        using var held = await slots.EnterAsync(CancellationToken.None);

        var entered = slots.TryEnter(out var none);
        none.Dispose(); // a caller that disposes what it was given must not free the slot someone else holds

        Assert.False(entered);
        Assert.False(slots.TryEnter(out _), "the held slot is still held");
    }

    [Fact]
    public void TryEnter_SlotFree_TakesItUntilDisposed()
    {
        using var slots = CreateSut(1);

        Assert.True(slots.TryEnter(out var slot));
        Assert.False(slots.TryEnter(out _));
        slot.Dispose();
        Assert.True(slots.TryEnter(out _));
    }

    private static TransferSlots CreateSut(int slots) => new(Options.Create(new CopyOptions { MaxConcurrentTransfers = slots }));
}
