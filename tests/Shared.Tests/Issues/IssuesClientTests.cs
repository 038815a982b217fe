using AccBackup.Acc;
using AccBackup.Acc.Tokens;
using AccBackup.Issues;
using AccBackup.Quotas;
using AccBackup.Retry;
using AccBackup.Tests.Modules;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Issues;

/// <summary>The Issues client against the emulator: user-context only, every page, the per-user quota's 429s waited out.</summary>
public sealed class IssuesClientTests
{
    [Fact]
    public async Task ListIssuesAsync_ClientCredentialsToken_ThrowsIssuesAccessExceptionNamingTheServiceAccountSetting()
    {
        await using var host = await ModulesHost.StartAsync();
        var sp = host.Services;
        var twoLegged = new IssuesClient(new ApsTransport(
            sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(IssuesClient)), sp.GetRequiredService<ApsTokenProvider>(),
            sp.GetRequiredService<ApsQuotaLimiter>(), sp.GetRequiredService<ApsResilience>(), sp.GetRequiredService<IOptions<ApsOptions>>()));
        var projectId = host.ProjectId(0);

        var e = await Assert.ThrowsAsync<IssuesAccessException>(async () =>
        {
            await foreach (var _ in twoLegged.ListIssuesAsync(projectId, deleted: false, null, CancellationToken.None))
            {
            }
        });

        Assert.Equal(projectId, e.ProjectId);
        Assert.Contains("403", e.Message, StringComparison.Ordinal);
        Assert.Contains("Issues:ServiceAccountId", e.Message, StringComparison.Ordinal);
        Assert.Equal(1, host.Emulator.GetStats().Count(EndpointCategory.Issues, 403));
    }

    [Fact]
    public async Task ListIssuesAsync_ManyPages_ReadsEveryIssueOfBothPassesOnce()
    {
        await using var host = await ModulesHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.SeedScaled, Scale = 0.2, Quotas = QuotaOptions.Disabled });
        var client = host.Services.GetRequiredService<IssuesClient>();
        using var truth = await host.Emulator.IssueTruth.GetAsync();
        var largest = truth.RootElement.GetProperty("projects").EnumerateArray().MaxBy(p => p.GetProperty("issues").GetArrayLength());
        var projectId = "b." + largest.GetProperty("projectId").GetString();
        var expected = largest.GetProperty("issues").EnumerateArray()
            .Select(i => i.GetProperty("issue").GetProperty("id").GetString()!).Order().ToList();

        var read = new List<string>();
        foreach (var deleted in (bool[])[false, true])
        {
            await foreach (var issue in client.ListIssuesAsync(projectId, deleted, null, CancellationToken.None))
            {
                read.Add(issue.GetProperty("id").GetString()!);
            }
        }

        Assert.True(expected.Count > IssuesClient.PageLimit, $"the project has {expected.Count} issues, not more than one page");
        Assert.Equal(expected, read.Order());
    }

    [Fact]
    public async Task GetSettingsAsync_PerUserQuotaExceeded_WaitsOutRetryAfterAndReadsEverything()
    {
        var quotas = new QuotaOptions { Window = TimeSpan.FromSeconds(2), PerUserLimits = new Dictionary<EndpointCategory, int> { [EndpointCategory.Issues] = 3 } };
        await using var host = await ModulesHost.StartAsync(new EmulatorOptions { Quotas = quotas });
        var client = host.Services.GetRequiredService<IssuesClient>();
        var projectId = host.ProjectId(0);

        var first = await client.GetSettingsAsync(projectId, CancellationToken.None);
        var second = await client.GetSettingsAsync(projectId, CancellationToken.None);

        Assert.Equal(4, first.IssueTypes.Count);
        Assert.All(first.IssueTypes, t => Assert.NotEmpty(t.GetProperty("subtypes").EnumerateArray()));
        Assert.All(first.RootCauseCategories, c => Assert.NotEmpty(c.GetProperty("rootCauses").EnumerateArray()));
        Assert.Equal(3, second.AttributeDefinitions.Count);
        Assert.Equal(12, second.AttributeMappings.Count);
        Assert.True(host.Emulator.GetStats().Count(EndpointCategory.Issues, 429) >= 1, "the quota of 3 per 2 s was never exceeded");
        Assert.Equal(8, host.Emulator.GetStats().Count(EndpointCategory.Issues, 200));
    }
}
