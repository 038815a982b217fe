using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AccEmulator.Control;

namespace AccEmulator.Tests.TestSupport;

/// <summary>A thin APS client over real HTTP for the emulator's own tests; disposing it stops the emulator it owns.</summary>
internal sealed class ApsTestClient(EmulatorServer server, bool ownsServer) : IAsyncDisposable
{
    public HttpClient Http { get; } = new() { BaseAddress = server.BaseUrl };

    public EmulatorServer Server { get; } = server;

    public static async Task<ApsTestClient> ConnectAsync(EmulatorServer server, bool ownsServer = true)
    {
        var client = new ApsTestClient(server, ownsServer);
        await client.AuthenticateAsync();
        return client;
    }

    public static string Encode(string id) => Uri.EscapeDataString(id);

    public async Task AuthenticateAsync()
    {
        using var response = await RequestTokenAsync(Server.ClientId, Server.ClientSecret);
        var token = (await response.EnsureSuccessStatusCode().Content.ReadFromJsonAsync<JsonElement>()).GetProperty("access_token").GetString();
        Http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);
    }

    public async Task<HttpResponseMessage> RequestTokenAsync(string clientId, string clientSecret)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "authentication/v2/token")
        {
            Content = new FormUrlEncodedContent([new("grant_type", "client_credentials"), new("scope", "data:read")]),
        };
        request.Headers.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes($"{clientId}:{clientSecret}")));
        return await Http.SendAsync(request);
    }

    public Task<HttpResponseMessage> GetAsync(string url) => Http.GetAsync(url);

    public async Task<JsonElement> GetJsonAsync(string url)
    {
        using var response = await Http.GetAsync(url);
        Assert.True(response.IsSuccessStatusCode, $"GET {url} answered {(int)response.StatusCode}: {await response.Content.ReadAsStringAsync()}");
        return await response.Content.ReadFromJsonAsync<JsonElement>();
    }

    public async Task<(string ProjectId, JsonElement[] TopFolders)> TopFoldersAsync(int projectIndex = 0)
    {
        var projects = await GetJsonAsync($"project/v1/hubs/{Server.HubId}/projects");
        var projectId = projects.GetProperty("data")[projectIndex].GetProperty("id").GetString()!;
        var top = await GetJsonAsync($"project/v1/hubs/{Server.HubId}/projects/{projectId}/topFolders");
        return (projectId, top.GetProperty("data").EnumerateArray().ToArray());
    }

    /// <summary>Every page of a folder's contents, following links.next; returns entries, included versions and page count.</summary>
    public async Task<(List<JsonElement> Data, List<JsonElement> Included, int Pages)> ListContentsAsync(
        string projectId, string folderId, string query = "")
    {
        List<JsonElement> data = [], included = [];
        var pages = 0;
        string? url = $"data/v1/projects/{projectId}/folders/{Encode(folderId)}/contents{query}";
        while (url is not null)
        {
            var page = await GetJsonAsync(url);
            pages++;
            data.AddRange(page.GetProperty("data").EnumerateArray());
            // APS omits included when a page holds no item.
            if (page.TryGetProperty("included", out var tips))
            {
                included.AddRange(tips.EnumerateArray());
            }

            url = page.GetProperty("links").TryGetProperty("next", out var next) ? next.GetProperty("href").GetString() : null;
        }

        return (data, included, pages);
    }

    /// <summary>Finds a child folder by name in a folder's contents.</summary>
    public async Task<string> ChildFolderIdAsync(string projectId, string folderId, string name)
    {
        var (data, _, _) = await ListContentsAsync(projectId, folderId);
        return data.Single(e => e.GetProperty("type").GetString() == "folders" && e.GetProperty("attributes").GetProperty("name").GetString() == name)
            .GetProperty("id").GetString()!;
    }

    /// <summary>GETs a URL expected to fail; returns its status and JSON body.</summary>
    public async Task<(System.Net.HttpStatusCode Status, JsonElement Body)> GetErrorAsync(string url)
    {
        using var response = await Http.GetAsync(url);
        return (response.StatusCode, await response.Content.ReadFromJsonAsync<JsonElement>());
    }

    /// <summary>The first project's id and root folder id.</summary>
    public async Task<(string ProjectId, string RootId)> RootFolderAsync()
    {
        var project = (await GetJsonAsync($"project/v1/hubs/{Server.HubId}/projects")).GetProperty("data")[0];
        return (project.GetProperty("id").GetString()!,
            project.GetProperty("relationships").GetProperty("rootFolder").GetProperty("data").GetProperty("id").GetString()!);
    }

    /// <summary>Calls signeds3download for a storage id.</summary>
    public async Task<JsonElement> SignDownloadAsync(string storageId, string query = "")
    {
        var objectKey = storageId.Split('/')[^1];
        return await GetJsonAsync($"oss/v2/buckets/wip.dm.prod/objects/{Encode(objectKey)}/signeds3download{query}");
    }

    /// <summary>Downloads a truth file through signeds3download and the signed URL.</summary>
    public async Task<byte[]> DownloadAsync(TruthFile file)
    {
        var signed = await SignDownloadAsync(file.StorageId!);
        using var plain = new HttpClient();
        return await plain.GetByteArrayAsync(signed.GetProperty("url").GetString());
    }

    public async ValueTask DisposeAsync()
    {
        Http.Dispose();
        if (ownsServer)
        {
            await Server.DisposeAsync();
        }
    }
}
