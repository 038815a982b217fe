using AccBackup.Acc;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Acc;

public sealed class ApsQuotaLimiterTests
{
    [Fact]
    public void Constructor_SharedScopeWithoutABudget_FailsNamingTheSetting()
    {
        var options = Options.Create(new ApsOptions { QuotaScope = ApsQuotaScope.Shared });

        var error = Assert.Throws<InvalidOperationException>(() => new ApsQuotaLimiter(options, new FakeTimeProvider()));

        Assert.Contains("Aps:QuotaScope", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AcquireAsync_SharedScope_TakesFromTheSharedBudget()
    {
        var budget = new InMemoryQuotaBudget();
        var options = Options.Create(new ApsOptions { QuotaScope = ApsQuotaScope.Shared });
        await using var limiter = new ApsQuotaLimiter(options, new FakeTimeProvider(), budget);

        await limiter.AcquireAsync(ApsEndpoint.FolderContents, CancellationToken.None);

        Assert.Equal(ApsEndpoint.FolderContents, Assert.Single(budget.Takes).Endpoint);
    }

    [Fact]
    public async Task AcquireAsync_ProcessScope_LeavesTheSharedBudgetAlone()
    {
        var budget = new InMemoryQuotaBudget();
        await using var limiter = new ApsQuotaLimiter(Options.Create(new ApsOptions()), new FakeTimeProvider(), budget);

        await limiter.AcquireAsync(ApsEndpoint.FolderContents, CancellationToken.None);

        Assert.Empty(budget.Takes);
    }

    [Fact]
    public void Validate_UndefinedQuotaScope_FailsNamingTheSetting()
    {
        var options = new ApsOptions { ClientId = "c", ClientSecret = "s", AccountId = Guid.NewGuid().ToString(), QuotaScope = (ApsQuotaScope)7 };

        var result = new ApsOptionsValidator().Validate(null, options);

        Assert.True(result.Failed);
        Assert.Contains(result.Failures, f => f.StartsWith("Aps:QuotaScope must be Process or Shared", StringComparison.Ordinal));
    }
}
