using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Quotas;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Issues;

/// <summary>An emulator on a manual clock with one registered service account, and an HttpClient holding its user-context token.</summary>
internal sealed class IssueHost : IAsyncDisposable
{
    private IssueHost(EmulatorServer server, ManualTimeProvider clock, ServiceAccountKey key, HttpClient http, string[] projects)
    {
        Projects = projects;
        Server = server;
        Clock = clock;
        Key = key;
        Http = http;
    }

    public EmulatorServer Server { get; }

    public ManualTimeProvider Clock { get; }

    public ServiceAccountKey Key { get; }

    public HttpClient Http { get; }

    public static async Task<IssueHost> StartAsync(
        Func<string[], IReadOnlyList<string>>? invitedTo = null, QuotaOptions? quotas = null, Func<EmulatorOptions, EmulatorOptions>? configure = null)
    {
        var clock = new ManualTimeProvider();
        var options = TestEmulator.Options(clock) with { Quotas = quotas ?? new QuotaOptions() };
        var server = await EmulatorServer.StartAsync(configure?.Invoke(options) ?? options);
        var key = new ServiceAccountKey();
        var http = new HttpClient { BaseAddress = server.BaseUrl };
        string[] projects;
        using (var truth = await server.IssueTruth.GetAsync())
        {
            projects = [.. truth.RootElement.GetProperty("projects").EnumerateArray().Select(p => p.GetProperty("projectId").GetString()!)];
        }

        var host = new IssueHost(server, clock, key, http, projects);
        server.RegisterServiceAccount(key.Registration(invitedTo?.Invoke(projects)));
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await key.TokenAsync(http, server, clock.GetUtcNow()));
        return host;
    }

    /// <summary>The Issues API ids (GUID, no <c>b.</c>) of the account's projects, in order.</summary>
    public string[] Projects { get; }

    public string ProjectGuid(int index) => Projects[index];

    /// <summary>The ids of the project's undeleted (or deleted) issues by display id, from the truth.</summary>
    public async Task<List<string>> TruthIssuesAsync(string projectId, bool deleted)
    {
        using var truth = await Server.IssueTruth.GetAsync(projectId);
        return [.. truth.RootElement.GetProperty("projects")[0].GetProperty("issues").EnumerateArray().Select(i => i.GetProperty("issue"))
            .Where(i => i.GetProperty("deleted").GetBoolean() == deleted).Select(i => i.GetProperty("id").GetString()!)];
    }

    public async Task<JsonElement> GetJsonAsync(string url)
    {
        using var response = await Http.GetAsync(url);
        Assert.True(response.IsSuccessStatusCode, $"GET {url} answered {(int)response.StatusCode}: {await response.Content.ReadAsStringAsync()}");
        return await response.Content.ReadFromJsonAsync<JsonElement>();
    }

    public async Task<List<string>> IdsAsync(string url) =>
        [.. (await GetJsonAsync(url)).GetProperty("results").EnumerateArray().Select(i => i.GetProperty("id").GetString()!)];

    public async ValueTask DisposeAsync()
    {
        Http.Dispose();
        Key.Dispose();
        await Server.DisposeAsync();
    }
}
