using AccBackup.Acc;
using AccBackup.Quotas;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Quotas;

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
    public void AcquireAsync_ProcessScopeBurstUpToTheQuota_IsNotPaced()
    {
        var time = new FakeTimeProvider();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), time);

        var calls = Enumerable.Range(0, 45).Select(_ => limiter.AcquireAsync(ApsEndpoint.Hubs, CancellationToken.None).AsTask()).ToList();

        // Hubs: 50/min × 0.9 = 45 in any minute, all at once, without the clock moving.
        Assert.All(calls, c => Assert.True(c.IsCompletedSuccessfully));
    }

    [Fact]
    public async Task AcquireAsync_ProcessScopeOverTheQuota_WaitsUntilTheBurstsResponsesAreAWindowOld()
    {
        var time = new FakeTimeProvider();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), time);
        for (var i = 0; i < 45; i++)
        {
            (await limiter.AcquireAsync(ApsEndpoint.Hubs, CancellationToken.None)).Dispose();
        }

        var waiting = Enumerable.Range(0, 3).Select(_ => limiter.AcquireAsync(ApsEndpoint.Hubs, CancellationToken.None).AsTask()).ToList();
        var otherEndpoint = limiter.AcquireAsync(ApsEndpoint.Projects, CancellationToken.None);
        time.Advance(TimeSpan.FromMinutes(1) - TimeSpan.FromMilliseconds(1));
        await Task.Delay(50);
        Assert.All(waiting, c => Assert.False(c.IsCompleted));
        Assert.True(otherEndpoint.IsCompletedSuccessfully);

        time.Advance(TimeSpan.FromMilliseconds(1));
        await Task.WhenAll(waiting).WaitAsync(TimeSpan.FromSeconds(5));
    }

    [Fact]
    public async Task AcquireAsync_ProcessScopeCancelledWhileWaiting_StopsAndLeavesTheQueueWorking()
    {
        var time = new FakeTimeProvider();
        using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), time);
        for (var i = 0; i < 45; i++)
        {
            (await limiter.AcquireAsync(ApsEndpoint.Projects, CancellationToken.None)).Dispose();
        }

        using var cancellation = new CancellationTokenSource();
        var cancelled = limiter.AcquireAsync(ApsEndpoint.Projects, cancellation.Token).AsTask();
        var next = limiter.AcquireAsync(ApsEndpoint.Projects, CancellationToken.None).AsTask();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => cancelled.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.False(next.IsCompleted);
        time.Advance(TimeSpan.FromMinutes(1));
        await next.WaitAsync(TimeSpan.FromSeconds(5));
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
}
