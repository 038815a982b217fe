using System.Text;
using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Storage;
using AccBackup.Tests.Storage;
using Microsoft.Extensions.Logging.Abstractions;

namespace AccBackup.Tests.Quotas;

/// <summary>The shared budget on a real container (Azurite): grants per slice, conflicts between processes, roll-over.</summary>
public sealed class BlobQuotaBudgetTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private static readonly DateTimeOffset Slice = new(2026, 11, 23, 2, 0, 3, TimeSpan.Zero);

    [Fact]
    public async Task TakeAsync_FirstTake_GrantsTheCountAndWritesTheLedgerBlob()
    {
        var budget = CreateSut();

        var granted = await budget.TakeAsync(new QuotaTake(ApsEndpoint.Folder, Slice, 13, 7), CancellationToken.None);

        Assert.Equal(7, granted);
        var blob = await fixture.Container.GetPropertiesAsync(QuotaLedger.BlobName(ApsEndpoint.Folder), CancellationToken.None);
        Assert.NotNull(blob);
        Assert.Equal("$acc-backup/quota/Folder.json", blob.Name);
        Assert.Equal(new QuotaLedger(Slice, 7, Writes: 1), QuotaLedger.FromMetadata(blob.Metadata));
        var body = Encoding.UTF8.GetString(await fixture.ReadAllAsync(blob.Name));
        Assert.Contains("\"granted\":7", body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TakeAsync_SliceLimitReached_GrantsTheRemainderThenNothing()
    {
        var budget = CreateSut();
        var endpoint = ApsEndpoint.Hubs;

        var first = await budget.TakeAsync(new QuotaTake(endpoint, Slice, 10, 6), CancellationToken.None);
        var second = await budget.TakeAsync(new QuotaTake(endpoint, Slice, 10, 6), CancellationToken.None);
        var third = await budget.TakeAsync(new QuotaTake(endpoint, Slice, 10, 6), CancellationToken.None);

        Assert.Equal([6, 4, 0], [first, second, third]);
    }

    [Fact]
    public async Task TakeAsync_NextSlice_StartsFromZero()
    {
        var budget = CreateSut();
        var endpoint = ApsEndpoint.Projects;
        await budget.TakeAsync(new QuotaTake(endpoint, Slice, 5, 5), CancellationToken.None);

        var sameSlice = await budget.TakeAsync(new QuotaTake(endpoint, Slice, 5, 5), CancellationToken.None);
        var nextSlice = await budget.TakeAsync(new QuotaTake(endpoint, Slice.AddSeconds(3), 5, 5), CancellationToken.None);

        Assert.Equal(0, sameSlice);
        Assert.Equal(5, nextSlice);
    }

    [Fact]
    public async Task TakeAsync_LedgerAlreadyInALaterSlice_GrantsNothing()
    {
        var ahead = CreateSut();
        var behind = CreateSut();
        await ahead.TakeAsync(new QuotaTake(ApsEndpoint.TopFolders, Slice.AddSeconds(3), 10, 1), CancellationToken.None);

        var granted = await behind.TakeAsync(new QuotaTake(ApsEndpoint.TopFolders, Slice, 10, 5), CancellationToken.None);

        Assert.Equal(0, granted);
    }

    [Fact]
    public async Task TakeAsync_AnotherProcessTookSinceOurLastWrite_CountsBothGrants()
    {
        var first = CreateSut();
        var second = CreateSut();
        var endpoint = ApsEndpoint.FolderContents;

        await first.TakeAsync(new QuotaTake(endpoint, Slice, 10, 4), CancellationToken.None);
        await second.TakeAsync(new QuotaTake(endpoint, Slice, 10, 4), CancellationToken.None);
        var stale = await first.TakeAsync(new QuotaTake(endpoint, Slice, 10, 4), CancellationToken.None);

        Assert.Equal(2, stale);
        var ledger = await LedgerAsync(endpoint);
        Assert.Equal((Slice, 10, 3L, 1L), (ledger.SliceStart, ledger.Granted, ledger.Writes, ledger.Conflicts));
    }

    [Fact]
    public async Task TakeAsync_ManyProcessesAtOnce_GrantExactlyTheSliceLimitInTotal()
    {
        // Eight "processes" (each its own budget and cache), each with ten takes in flight: far more demand than the limit.
        var processes = Enumerable.Range(0, 8).Select(_ => CreateSut()).ToList();
        var takes = processes.SelectMany(p => Enumerable.Range(0, 10).Select(_ =>
            p.TakeAsync(new QuotaTake(ApsEndpoint.SignedDownload, Slice, 45, 3), CancellationToken.None)));

        var granted = await Task.WhenAll(takes);

        Assert.Equal(45, granted.Sum());
        var ledger = await LedgerAsync(ApsEndpoint.SignedDownload);
        Assert.Equal((Slice, 45, 15L), (ledger.SliceStart, ledger.Granted, ledger.Writes));
        Assert.True(ledger.Conflicts > 0, "eighty takes at once and no conflict: the test did not race");
    }

    // One container for the class: each test uses its own endpoint, so its own ledger blob.
    private BlobQuotaBudget CreateSut() => new(fixture.Container, NullLogger<BlobQuotaBudget>.Instance);

    private async Task<QuotaLedger> LedgerAsync(ApsEndpoint endpoint)
    {
        var blob = await fixture.Container.GetPropertiesAsync(QuotaLedger.BlobName(endpoint), CancellationToken.None);
        return QuotaLedger.FromMetadata(Assert.IsType<StoredBlob>(blob).Metadata);
    }
}
