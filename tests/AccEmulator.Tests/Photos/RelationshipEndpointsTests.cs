using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Photos;
using AccEmulator.Tests.Issues;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Photos;

/// <summary>The Relationships API's <c>:sync</c> as emulated: without a token every link (overwrite), paged by <c>moreData</c>; with the
/// token of the sync before only the links made and removed since; a token refused once the service expired it; 403 for the app's
/// own token; 120 calls a minute per user.</summary>
public sealed class RelationshipEndpointsTests
{
    [Fact]
    public async Task Sync_NoTokenThenTheNextToken_FirstGivesEveryLinkThenOnlyTheLinkMadeAndTheOneRemoved()
    {
        await using var host = await IssueHost.StartAsync();
        var truth = await TruthAsync(host, 0);
        var first = await SyncAsync(host, 0, null);
        var photo = Guid.Parse(truth.GetProperty("photos")[8].GetProperty("photo").GetProperty("id").GetString()!);
        var made = host.Server.PhotoMutations.Link(photo, "autodesk-construction-issue", "issue", Guid.NewGuid().ToString("D"));
        var removed = truth.GetProperty("links")[0].GetProperty("id").GetString()!;
        host.Server.PhotoMutations.Unlink(Guid.Parse(removed));

        var second = await SyncAsync(host, 0, first.GetProperty("nextSyncToken").GetString());
        var third = await SyncAsync(host, 0, second.GetProperty("nextSyncToken").GetString());

        Assert.True(first.GetProperty("overwrite").GetBoolean());
        Assert.Equal(Ids(truth.GetProperty("links")), Ids(first.GetProperty("current").GetProperty("data")));
        Assert.False(second.GetProperty("overwrite").GetBoolean());
        Assert.Equal([made.ToString("D")], Ids(second.GetProperty("current").GetProperty("data")));
        Assert.Equal([removed], Ids(second.GetProperty("deleted").GetProperty("data")));
        Assert.Equal((0, 0), (third.GetProperty("current").GetProperty("data").GetArrayLength(), third.GetProperty("deleted").GetProperty("data").GetArrayLength()));
    }

    [Fact]
    public async Task Sync_PageOfTwo_MoreDataUntilEveryLinkIsGiven()
    {
        await using var host = await IssueHost.StartAsync(configure: o => o with { RelationshipSyncPageSize = 2 });
        var truth = await TruthAsync(host, 0);
        var ids = new List<string>();
        string? token = null;
        var calls = 0;
        JsonElement answer;
        do
        {
            answer = await SyncAsync(host, 0, token);
            ids.AddRange(Ids(answer.GetProperty("current").GetProperty("data")));
            token = answer.GetProperty("nextSyncToken").GetString();
            calls++;
        }
        while (answer.GetProperty("moreData").GetBoolean() && calls < 50);

        Assert.Equal(Ids(truth.GetProperty("links")), ids.Order(StringComparer.Ordinal).ToList());
        Assert.Equal((truth.GetProperty("links").GetArrayLength() + 1) / 2, calls);
    }

    [Fact]
    public async Task Sync_TokenExpiredByTheService_Answers400AndASyncWithoutOneStillWorks()
    {
        await using var host = await IssueHost.StartAsync();
        var token = (await SyncAsync(host, 0, null)).GetProperty("nextSyncToken").GetString();
        host.Server.PhotoMutations.ExpireSyncTokens();

        using var refused = await host.Http.PostAsJsonAsync(Sync(host, 0), new { syncToken = token, filters = new { domains = new[] { PhotoGenerator.PhotoDomain } } });
        var full = await SyncAsync(host, 0, null);

        Assert.Equal(HttpStatusCode.BadRequest, refused.StatusCode);
        Assert.Contains("expired", await refused.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.True(full.GetProperty("overwrite").GetBoolean());
    }

    [Fact]
    public async Task Sync_ClientCredentialsToken_Answers403()
    {
        await using var client = await TestEmulator.ConnectAsync();
        var projectId = (await client.TopFoldersAsync()).ProjectId[2..];

        using var response = await client.Http.PostAsync($"bim360/relationship/v2/containers/{projectId}/relationships:sync", JsonContent.Create(new { }));

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
    }

    [Fact]
    public async Task Sync_Over120InAMinuteByOneUser_Answers429WithRetryAfter()
    {
        await using var host = await IssueHost.StartAsync();
        for (var i = 0; i < 120; i++)
        {
            using var ok = await host.Http.PostAsJsonAsync(Sync(host, 1), new { });
            Assert.Equal(HttpStatusCode.OK, ok.StatusCode);
        }

        using var refused = await host.Http.PostAsJsonAsync(Sync(host, 1), new { });

        Assert.Equal(HttpStatusCode.TooManyRequests, refused.StatusCode);
        Assert.NotNull(refused.Headers.RetryAfter);
    }

    private static string Sync(IssueHost host, int project) => $"bim360/relationship/v2/containers/{host.ProjectGuid(project)}/relationships:sync";

    private static async Task<JsonElement> SyncAsync(IssueHost host, int project, string? token)
    {
        object body = token is null
            ? new { filters = new { domains = new[] { PhotoGenerator.PhotoDomain } } }
            : new { syncToken = token, filters = new { domains = new[] { PhotoGenerator.PhotoDomain } } };
        using var response = await host.Http.PostAsJsonAsync(Sync(host, project), body);
        Assert.True(response.IsSuccessStatusCode, await response.Content.ReadAsStringAsync());
        return await response.Content.ReadFromJsonAsync<JsonElement>();
    }

    private static async Task<JsonElement> TruthAsync(IssueHost host, int project)
    {
        using var truth = await host.Server.PhotoTruth.GetAsync(host.ProjectGuid(project));
        return truth.RootElement.GetProperty("projects")[0].Clone();
    }

    private static List<string> Ids(JsonElement links) => [.. links.EnumerateArray().Select(l => l.GetProperty("id").GetString()!).Order(StringComparer.Ordinal)];
}
