using System.Text;
using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Quotas.SharedScope;
using AccBackup.Storage;
using AccBackup.Tests.Storage;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace AccBackup.Tests.Quotas.SharedScope;

/// <summary>The shared budget on a real container (Azurite): grants per window, conflicts between processes, roll-over.</summary>
public sealed class BlobQuotaBudgetTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private static readonly DateTimeOffset Slice = new(2026, 11, 23, 2, 0, 3, TimeSpan.Zero);
    private static readonly TimeSpan SliceLength = TimeSpan.FromSeconds(3);

    [Fact]
    public async Task TakeAsync_FirstTake_GrantsTheCountAndWritesTheBudgetBlob()
    {
        var budget = CreateSut();

        var granted = await budget.TakeAsync(Take(ApsEndpoint.Folder, 0, 13, 7), CancellationToken.None);

        Assert.Equal(7, granted);
        var blob = await fixture.Container.GetPropertiesAsync(QuotaBudgetBlob.BlobName(ApsEndpoint.Folder), CancellationToken.None);
        Assert.NotNull(blob);
        Assert.Equal("$acc-backup/quota/Folder.json", blob.Name);
        var stored = QuotaBudgetBlob.FromMetadata(blob.Metadata);
        Assert.Equal((7, 1L, 0L), (stored.Grants.GrantedIn(Slice), stored.Writes, stored.Conflicts));
        var body = Encoding.UTF8.GetString(await fixture.ReadAllAsync(blob.Name));
        Assert.Contains("\"windowLimit\":13", body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TakeAsync_WindowLimitReached_GrantsTheRemainderThenNothing()
    {
        var budget = CreateSut();
        var endpoint = ApsEndpoint.Hubs;

        var first = await budget.TakeAsync(Take(endpoint, 0, 10, 6), CancellationToken.None);
        var second = await budget.TakeAsync(Take(endpoint, 0, 10, 6), CancellationToken.None);
        var third = await budget.TakeAsync(Take(endpoint, 1, 10, 6), CancellationToken.None);

        Assert.Equal([6, 4, 0], [first, second, third]);
    }

    [Fact]
    public async Task TakeAsync_WindowFull_GrantsAgainOnceTheFullSliceIsMoreThanAWindowBack()
    {
        var budget = CreateSut();
        var endpoint = ApsEndpoint.Projects;
        await budget.TakeAsync(Take(endpoint, 0, 5, 5), CancellationToken.None);

        // A take counts a window's slices before its own and one more for the calls' latency (QuotaGrants).
        var lastSliceCounted = ApsQuotaWindows.SlicesPerWindow + 1;
        var lastSliceOfTheWindow = await budget.TakeAsync(Take(endpoint, lastSliceCounted, 5, 5), CancellationToken.None);
        var firstSliceAfter = await budget.TakeAsync(Take(endpoint, lastSliceCounted + 1, 5, 5), CancellationToken.None);

        Assert.Equal(0, lastSliceOfTheWindow);
        Assert.Equal(5, firstSliceAfter);
    }

    [Fact]
    public async Task TakeAsync_WindowFullButCallsGivenBack_GrantsWhatWasGivenBack()
    {
        var budget = CreateSut();
        var endpoint = ApsEndpoint.Token;
        await budget.TakeAsync(Take(endpoint, 0, 10, 10), CancellationToken.None);

        var granted = await budget.TakeAsync(Take(endpoint, 1, 10, 5) with { Return = new QuotaReturn(Slice, 3) }, CancellationToken.None);

        Assert.Equal(3, granted);
        var stored = await StoredBudgetAsync(endpoint);
        Assert.Equal((7, 3), (stored.Grants.GrantedIn(Slice), stored.Grants.GrantedIn(Slice + SliceLength)));
    }

    [Fact]
    public async Task TakeAsync_BudgetBlobTwoSlicesAhead_GrantsNothing()
    {
        var ahead = CreateSut();
        var behind = CreateSut();
        await ahead.TakeAsync(Take(ApsEndpoint.TopFolders, 2, 10, 1), CancellationToken.None);

        var granted = await behind.TakeAsync(Take(ApsEndpoint.TopFolders, 0, 10, 5), CancellationToken.None);

        Assert.Equal(0, granted);
    }

    [Fact]
    public async Task TakeAsync_AnotherProcessTookSinceOurLastWrite_CountsBothGrants()
    {
        var first = CreateSut();
        var second = CreateSut();
        var endpoint = ApsEndpoint.FolderContents;

        await first.TakeAsync(Take(endpoint, 0, 10, 4), CancellationToken.None);
        await second.TakeAsync(Take(endpoint, 1, 10, 4), CancellationToken.None);
        var stale = await first.TakeAsync(Take(endpoint, 1, 10, 4), CancellationToken.None);

        Assert.Equal(2, stale);
        var stored = await StoredBudgetAsync(endpoint);
        Assert.Equal((4, 6, 3L, 1L), (stored.Grants.GrantedIn(Slice), stored.Grants.GrantedIn(Slice + SliceLength), stored.Writes, stored.Conflicts));
    }

    [Fact]
    public async Task TakeAsync_ManyProcessesAtOnce_GrantExactlyTheWindowLimitInTotal()
    {
        // Eight "processes" (each its own budget and cache), each with ten takes in flight: far more demand than the limit.
        // The slice is a fixed instant, not the clock: however slow the machine, every take asks within the same window.
        var gaveUp = new GiveUpCounter();
        var processes = Enumerable.Range(0, 8).Select(_ => new BlobQuotaBudget(fixture.Container, gaveUp)).ToList();
        var takes = processes.SelectMany(p => Enumerable.Range(0, 10).Select(_ =>
            p.TakeAsync(Take(ApsEndpoint.SignedDownload, 0, 45, 3), CancellationToken.None)));

        var granted = await Task.WhenAll(takes);

        var stored = await StoredBudgetAsync(ApsEndpoint.SignedDownload);
        Assert.True(
            granted.Sum() == 45,
            $"granted {granted.Sum()} of 45; the budget blob says {stored.Grants.GrantedIn(Slice)} granted in {stored.Writes} writes, {stored.Conflicts} conflicts; {gaveUp.Count} takes gave up");
        Assert.Equal((45, 15L), (stored.Grants.GrantedIn(Slice), stored.Writes));
        Assert.True(stored.Conflicts > 0, "eighty takes at once and no conflict: the test did not race");
    }

    [Fact]
    public async Task TakeAsync_WriteLandedButItsAnswerWasLost_GrantsOnceAndTheBudgetBlobHoldsOneGrant()
    {
        // The SDK retries the write; the retry meets the take's own write (412). Taking again would leave 7 calls granted
        // in the budget blob that nobody makes.
        using var handler = new LostAnswerHandler("/quota/");
        using var container = fixture.WithLostAnswer(handler);
        var budget = new BlobQuotaBudget(container, NullLogger<BlobQuotaBudget>.Instance);
        await CreateSut().TakeAsync(Take(ApsEndpoint.ItemVersions, 0, 20, 2), CancellationToken.None);

        var granted = await budget.TakeAsync(Take(ApsEndpoint.ItemVersions, 0, 20, 7), CancellationToken.None);

        var stored = await StoredBudgetAsync(ApsEndpoint.ItemVersions);
        Assert.Equal(1, handler.Lost);
        Assert.Equal(7, granted);
        Assert.Equal((9, 2L), (stored.Grants.GrantedIn(Slice), stored.Writes));
    }

    private static QuotaTake Take(ApsEndpoint endpoint, int slice, int windowLimit, int count) =>
        new(endpoint, Slice + (SliceLength * slice), SliceLength, windowLimit, count);

    // One container for the class: each test uses its own endpoint, so its own budget blob.
    private BlobQuotaBudget CreateSut() => new(fixture.Container, NullLogger<BlobQuotaBudget>.Instance);

    /// <summary>Counts the takes that gave up on their slice after too many conflicting writes (the budget's warning).</summary>
    private sealed class GiveUpCounter : ILogger<BlobQuotaBudget>
    {
        private int count;

        public int Count => Volatile.Read(ref count);

        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (logLevel >= LogLevel.Warning)
            {
                Interlocked.Increment(ref count);
            }
        }
    }

    private async Task<QuotaBudgetBlob> StoredBudgetAsync(ApsEndpoint endpoint)
    {
        var blob = await fixture.Container.GetPropertiesAsync(QuotaBudgetBlob.BlobName(endpoint), CancellationToken.None);
        return QuotaBudgetBlob.FromMetadata(Assert.IsType<BlobDescription>(blob).Metadata);
    }
}
