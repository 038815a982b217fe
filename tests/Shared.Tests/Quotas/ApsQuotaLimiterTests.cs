using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Tests.Quotas.SharedScope;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Quotas;

[Trait("Category", "Unit")]
public sealed class ApsQuotaLimiterTests
{
    [Fact]
    public void Constructor_SharedScopeWithoutABudget_FailsNamingTheSetting()
    {
        var options = Options.Create(new ApsOptions { Quota = { Scope = ApsQuotaScope.Shared } });

        var error = Assert.Throws<InvalidOperationException>(() => new ApsQuotaLimiter(options, new FakeTimeProvider()));

        Assert.Contains("Aps:Quota:Scope", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AcquireAsync_SharedScope_TakesFromTheSharedBudget()
    {
        var budget = new InMemoryQuotaBudget();
        var options = Options.Create(new ApsOptions { Quota = { Scope = ApsQuotaScope.Shared } });
        using var limiter = new ApsQuotaLimiter(options, new FakeTimeProvider(), budget);

        await limiter.AcquireAsync(ApsEndpoint.FolderContents, CancellationToken.None);

        Assert.Equal(ApsEndpoint.FolderContents, Assert.Single(budget.Takes).Endpoint);
    }

    [Fact]
    public async Task AcquireAsync_ProcessScope_LeavesTheSharedBudgetAlone()
    {
        var budget = new InMemoryQuotaBudget();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), new FakeTimeProvider(), budget);

        await limiter.AcquireAsync(ApsEndpoint.FolderContents, CancellationToken.None);

        Assert.Empty(budget.Takes);
    }

    [Fact]
    public void AcquireAsync_ProcessScopeBurstUpToTheWholeQuota_IsNotPaced()
    {
        var time = new FakeTimeProvider();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), time);

        var calls = Enumerable.Range(0, 51).Select(_ => limiter.AcquireAsync(ApsEndpoint.Hubs, CancellationToken.None).AsTask()).ToList();

        // Hubs: 50/min, the whole quota by default (Aps:Quota:Share 1), all at once without the clock moving; the 51st waits.
        Assert.All(calls.Take(50), c => Assert.True(c.IsCompletedSuccessfully));
        Assert.False(calls[50].IsCompleted);
    }

    [Fact]
    public async Task AcquireAsync_ProcessScopeOverTheQuota_WaitsUntilTheBurstsResponsesAreAWindowAndTheDefaultMarginOld()
    {
        var time = new FakeTimeProvider();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), time);
        await SpendAsync(limiter, ApsEndpoint.Hubs, 50);

        var waiting = Enumerable.Range(0, 3).Select(_ => limiter.AcquireAsync(ApsEndpoint.Hubs, CancellationToken.None).AsTask()).ToList();
        var otherEndpoint = limiter.AcquireAsync(ApsEndpoint.Projects, CancellationToken.None);

        // APS's minute has passed, but not the 0.5 s margin (Aps:Quota:WindowMargin) after it.
        time.Advance(TimeSpan.FromMinutes(1) + TimeSpan.FromMilliseconds(500) - TimeSpan.FromMilliseconds(1));
        await Task.Delay(50);
        Assert.All(waiting, c => Assert.False(c.IsCompleted));
        Assert.True(otherEndpoint.IsCompletedSuccessfully);

        time.Advance(TimeSpan.FromMilliseconds(1));
        await Task.WhenAll(waiting).WaitAsync(Testing.TestWaits.Signal);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(10)]
    public async Task AcquireAsync_WindowMarginSet_CountsEachCallThatMuchLongerThanTheWindowAndNoLonger(int marginSeconds)
    {
        var time = new FakeTimeProvider();
        var margin = TimeSpan.FromSeconds(marginSeconds);
        var options = Options.Create(new ApsOptions { Quota = { Window = TimeSpan.FromSeconds(30), WindowMargin = margin } });
        using var limiter = new ApsQuotaLimiter(options, time);
        await SpendAsync(limiter, ApsEndpoint.FolderContents, 150); // 300/min is 150 per 30 s, all of it

        var next = limiter.AcquireAsync(ApsEndpoint.FolderContents, CancellationToken.None).AsTask();
        time.Advance(TimeSpan.FromSeconds(30) + margin - TimeSpan.FromTicks(1));
        await Task.Delay(50);
        Assert.False(next.IsCompleted);

        time.Advance(TimeSpan.FromTicks(1));
        await next.WaitAsync(Testing.TestWaits.Signal);
    }

    [Fact]
    public async Task AcquireAsync_ProcessScopeCancelledWhileWaiting_StopsAndLeavesTheQueueWorking()
    {
        var time = new FakeTimeProvider();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), time);
        await SpendAsync(limiter, ApsEndpoint.Projects, 50);

        using var cancellation = new CancellationTokenSource();
        var cancelled = limiter.AcquireAsync(ApsEndpoint.Projects, cancellation.Token).AsTask();
        var next = limiter.AcquireAsync(ApsEndpoint.Projects, CancellationToken.None).AsTask();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => cancelled.WaitAsync(Testing.TestWaits.Signal));
        Assert.False(next.IsCompleted);
        time.Advance(TimeSpan.FromMinutes(1) + TimeSpan.FromSeconds(2));
        await next.WaitAsync(Testing.TestWaits.Signal);
    }

    [Fact]
    public async Task UseOf_WindowFullWithCallersWaiting_ReadsTheQuotaAsBindingThenIdleOnceTheWindowPasses()
    {
        var time = new FakeTimeProvider();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), time);
        Assert.Equal(new ApsQuotaUse(50, 0, 0, 0), limiter.UseOf(ApsEndpoint.Hubs));
        await SpendAsync(limiter, ApsEndpoint.Hubs, 50);
        var waiting = Enumerable.Range(0, 2).Select(_ => limiter.AcquireAsync(ApsEndpoint.Hubs, CancellationToken.None).AsTask()).ToList();

        var binding = limiter.UseOf(ApsEndpoint.Hubs);

        Assert.Equal(new ApsQuotaUse(50, 50, 2, 50), binding);
        Assert.False(binding!.Value.IsIdle);
        time.Advance(TimeSpan.FromMinutes(2));
        foreach (var lease in await Task.WhenAll(waiting).WaitAsync(Testing.TestWaits.Signal))
        {
            lease.Dispose();
        }

        var idle = limiter.UseOf(ApsEndpoint.Hubs);
        Assert.Equal(new ApsQuotaUse(50, 2, 0, 52), idle);
        Assert.True(idle!.Value.IsIdle);
    }

    [Fact]
    public void UseOf_SharedScope_IsNull()
    {
        var options = Options.Create(new ApsOptions { Quota = { Scope = ApsQuotaScope.Shared } });
        using var limiter = new ApsQuotaLimiter(options, new FakeTimeProvider(), new InMemoryQuotaBudget());

        Assert.Null(limiter.UseOf(ApsEndpoint.FolderContents));
    }

    [Fact]
    public async Task AcquireAsync_RateLimitingOff_NeverWaits()
    {
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions { Quota = { Enabled = false } }), new FakeTimeProvider());

        var calls = Enumerable.Range(0, 1000).Select(_ => limiter.AcquireAsync(ApsEndpoint.Hubs, CancellationToken.None).AsTask()).ToList();

        Assert.All(calls, c => Assert.True(c.IsCompletedSuccessfully));
        await Task.WhenAll(calls);
    }

    [Fact]
    public void Validate_UndefinedQuotaScope_FailsNamingTheSetting()
    {
        var options = new ApsOptions { ClientId = "c", ClientSecret = "s", AccountId = Guid.NewGuid().ToString(), Quota = { Scope = (ApsQuotaScope)7 } };

        var result = new ApsOptionsValidator().Validate(null, options);

        Assert.True(result.Failed);
        Assert.Contains(result.Failures, f => f.StartsWith("Aps:Quota:Scope must be Process or Shared", StringComparison.Ordinal));
    }

    // Calls granted and answered at once, filling the endpoint's window.
    private static async Task SpendAsync(ApsQuotaLimiter limiter, ApsEndpoint endpoint, int calls)
    {
        for (var i = 0; i < calls; i++)
        {
            (await limiter.AcquireAsync(endpoint, CancellationToken.None)).Dispose();
        }
    }
}
