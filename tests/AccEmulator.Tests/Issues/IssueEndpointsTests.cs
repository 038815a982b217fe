using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Issues;

/// <summary>The Issues API over real HTTP: user-context tokens only, offset paging, the updatedAt and deleted filters, the per-user quota.</summary>
public sealed class IssueEndpointsTests
{
    [Fact]
    public async Task ListIssues_PagesOfThree_ServeEveryUndeletedIssueOnceWithTotalResults()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        var expected = await host.TruthIssuesAsync(projectId, deleted: false);

        var seen = new List<string>();
        for (var offset = 0; ; offset += 3)
        {
            var page = await host.GetJsonAsync($"construction/issues/v1/projects/{projectId}/issues?limit=3&offset={offset}");
            Assert.Equal(expected.Count, page.GetProperty("pagination").GetProperty("totalResults").GetInt32());
            Assert.Equal(3, page.GetProperty("pagination").GetProperty("limit").GetInt32());
            var results = page.GetProperty("results").EnumerateArray().Select(i => i.GetProperty("id").GetString()!).ToList();
            seen.AddRange(results);
            if (results.Count < 3)
            {
                break;
            }
        }

        Assert.True(expected.Count > 3, "the demo's first project has more undeleted issues than one page of three");
        Assert.Equal(expected, seen);
    }

    [Theory]
    [InlineData("limit=101")]
    [InlineData("limit=0")]
    [InlineData("offset=-1")]
    [InlineData("filter%5BupdatedAt%5D=yesterday..")]
    public async Task ListIssues_InvalidQuery_Answers400(string query)
    {
        await using var host = await IssueHost.StartAsync();

        using var response = await host.Http.GetAsync($"construction/issues/v1/projects/{host.ProjectGuid(0)}/issues?{query}");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Fact]
    public async Task ListIssues_DeletedTrue_ServesOnlyDeletedIssues()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);

        var page = await host.GetJsonAsync($"construction/issues/v1/projects/{projectId}/issues?filter%5Bdeleted%5D=true");

        var deleted = page.GetProperty("results").EnumerateArray().ToList();
        Assert.NotEmpty(deleted);
        Assert.All(deleted, i => Assert.True(i.GetProperty("deleted").GetBoolean()));
        Assert.Equal(await host.TruthIssuesAsync(projectId, deleted: true), deleted.Select(i => i.GetProperty("id").GetString()!));
    }

    [Fact]
    public async Task ListIssues_UpdatedAtRanges_SelectByUpdatedAtInclusive()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        var all = (await host.GetJsonAsync($"construction/issues/v1/projects/{projectId}/issues")).GetProperty("results").EnumerateArray()
            .Select(i => (Id: i.GetProperty("id").GetString()!, Updated: i.GetProperty("updatedAt").GetDateTimeOffset())).OrderBy(i => i.Updated).ToList();
        var middle = all[all.Count / 2].Updated;
        var bound = Uri.EscapeDataString(middle.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", System.Globalization.CultureInfo.InvariantCulture));

        var from = await host.IdsAsync($"construction/issues/v1/projects/{projectId}/issues?filter%5BupdatedAt%5D={bound}..");
        var to = await host.IdsAsync($"construction/issues/v1/projects/{projectId}/issues?filter%5BupdatedAt%5D=..{bound}");
        var exactly = await host.IdsAsync($"construction/issues/v1/projects/{projectId}/issues?filter%5BupdatedAt%5D={bound}..{bound}");

        Assert.Equal(all.Where(i => i.Updated >= middle).Select(i => i.Id).Order(), from.Order());
        Assert.Equal(all.Where(i => i.Updated <= middle).Select(i => i.Id).Order(), to.Order());
        Assert.Equal([all[all.Count / 2].Id], exactly);
    }

    [Fact]
    public async Task ListIssues_RangesRefused_Answers400ToARangeAndServesASingleDay()
    {
        await using var host = await IssueHost.StartAsync(configure: o => o with { RefuseIssueUpdatedAtRanges = true });
        var projectId = host.ProjectGuid(0);
        var issues = $"construction/issues/v1/projects/{projectId}/issues";
        var day = (await host.GetJsonAsync(issues)).GetProperty("results")[0].GetProperty("updatedAt").GetDateTimeOffset().UtcDateTime;

        using var range = await host.Http.GetAsync($"{issues}?filter%5BupdatedAt%5D=2020-01-01T00:00:00.000Z..");
        var single = await host.IdsAsync($"{issues}?filter%5BupdatedAt%5D={day:yyyy-MM-dd}");

        Assert.Equal(HttpStatusCode.BadRequest, range.StatusCode);
        Assert.Contains("single value", await range.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.NotEmpty(single);
    }

    [Fact]
    public async Task ListIssues_SortByDescendingUpdatedAt_ListsEveryIssueNewestFirst()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        var issues = $"construction/issues/v1/projects/{projectId}/issues";

        var sorted = (await host.GetJsonAsync($"{issues}?sortBy=-updatedAt")).GetProperty("results").EnumerateArray()
            .Select(i => (Id: i.GetProperty("id").GetString()!, Updated: i.GetProperty("updatedAt").GetDateTimeOffset())).ToList();
        using var unknown = await host.Http.GetAsync($"{issues}?sortBy=colour");

        Assert.Equal((await host.TruthIssuesAsync(projectId, deleted: false)).Order(), sorted.Select(i => i.Id).Order());
        Assert.Equal(sorted.Select(i => i.Updated).OrderDescending(), sorted.Select(i => i.Updated));
        Assert.True(sorted.Select(i => i.Updated).Distinct().Count() > 1, "every issue has the same updatedAt: the order proves nothing");
        Assert.Equal(HttpStatusCode.BadRequest, unknown.StatusCode);
    }

    [Fact]
    public async Task ListAttachments_UploadedPhoto_FileNameIsItsIdWithExtensionDisplayNameTheNameGiven()
    {
        await using var host = await IssueHost.StartAsync();
        var issueId = (await host.TruthIssuesAsync(host.ProjectGuid(0), deleted: false))[0];
        var attachmentId = host.Server.IssueMutations.AddAttachment(issueId, "Crack at grid C4.JPG", 1_000).ChildId;

        var attachments = (await host.GetJsonAsync($"construction/issues/v1/projects/{host.ProjectGuid(0)}/attachments/{issueId}/items")).GetProperty("attachments");

        var added = attachments.EnumerateArray().Single(a => a.GetProperty("attachmentId").GetString() == attachmentId);
        Assert.Equal(attachmentId + ".jpg", added.GetProperty("fileName").GetString());
        Assert.Equal("Crack at grid C4.JPG", added.GetProperty("displayName").GetString());
        Assert.EndsWith("/" + attachmentId + ".jpg", added.GetProperty("storageUrn").GetString(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PurgeIssueMutation_LiveOrDeletedIssue_GoneFromItsListingTotalTheIssueAndTheTruth(bool deleted)
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        var pass = $"construction/issues/v1/projects/{projectId}/issues?limit=1" + (deleted ? "&filter%5Bdeleted%5D=true" : "");
        var before = (await host.GetJsonAsync(pass)).GetProperty("pagination").GetProperty("totalResults").GetInt32();
        var purged = (await host.TruthIssuesAsync(projectId, deleted))[0];

        using var response = await host.Http.PostAsJsonAsync("_emulator/issues/mutations", new { kind = "purgeIssue", issueId = purged });

        Assert.True(response.IsSuccessStatusCode, await response.Content.ReadAsStringAsync());
        Assert.Equal(before - 1, (await host.GetJsonAsync(pass)).GetProperty("pagination").GetProperty("totalResults").GetInt32());
        Assert.DoesNotContain(purged, await host.TruthIssuesAsync(projectId, deleted));
        using var issue = await host.Http.GetAsync($"construction/issues/v1/projects/{projectId}/issues/{purged}");
        Assert.Equal(HttpStatusCode.NotFound, issue.StatusCode);
        using var again = await host.Http.PostAsJsonAsync("_emulator/issues/mutations", new { kind = "purgeIssue", issueId = purged });
        Assert.Equal(HttpStatusCode.NotFound, again.StatusCode);
    }

    [Fact]
    public async Task CreateIssue_AfterTheLastIssueWasPurged_TakesANewDisplayId()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        var last = host.Server.IssueMutations.CreateIssue(projectId, "Last one");
        var lastDisplayId = (await host.GetJsonAsync($"construction/issues/v1/projects/{projectId}/issues/{last.IssueId}")).GetProperty("displayId").GetInt32();

        host.Server.IssueMutations.PurgeIssue(last.IssueId);
        var next = host.Server.IssueMutations.CreateIssue(projectId, "After the purge");

        Assert.Equal(lastDisplayId + 1, (await host.GetJsonAsync($"construction/issues/v1/projects/{projectId}/issues/{next.IssueId}")).GetProperty("displayId").GetInt32());
    }

    [Fact]
    public async Task Issues_ClientCredentialsToken_Answers403WithAJsonBody()
    {
        await using var client = await TestEmulator.ConnectAsync();
        var projectId = (await client.TopFoldersAsync()).ProjectId[2..];

        using var response = await client.GetAsync($"construction/issues/v1/projects/{projectId}/issues");

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        var body = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Contains("user-context", body.GetProperty("developerMessage").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Issues_ServiceAccountNotInvitedToTheProject_Answers403()
    {
        await using var host = await IssueHost.StartAsync(invitedTo: p => [p[1]]);

        using var refused = await host.Http.GetAsync($"construction/issues/v1/projects/{host.ProjectGuid(0)}/issues");
        using var allowed = await host.Http.GetAsync($"construction/issues/v1/projects/{host.ProjectGuid(1)}/issues");

        Assert.Equal(HttpStatusCode.Forbidden, refused.StatusCode);
        Assert.Equal(HttpStatusCode.OK, allowed.StatusCode);
    }

    [Fact]
    public async Task Issues_DataManagementProjectId_Answers404()
    {
        await using var host = await IssueHost.StartAsync();

        using var response = await host.Http.GetAsync($"construction/issues/v1/projects/b.{host.ProjectGuid(0)}/issues");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task Exchange_AssertionSignedByAnotherKey_Answers400NamingTheSignature()
    {
        await using var host = await IssueHost.StartAsync();
        using var stranger = new ServiceAccountKey();

        using var response = await ServiceAccountKey.ExchangeAsync(host.Http, host.Server, stranger.Assertion(host.Server, host.Clock.GetUtcNow(), sub: host.Key.AccountId, kid: host.Key.KeyId));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("signature", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sub")]
    [InlineData("aud")]
    [InlineData("exp")]
    public async Task Exchange_WrongClaim_Answers400(string claim)
    {
        await using var host = await IssueHost.StartAsync();
        var now = host.Clock.GetUtcNow();
        var assertion = claim switch
        {
            "sub" => host.Key.Assertion(host.Server, now, sub: "someone-else"),
            "aud" => host.Key.Assertion(host.Server, now, aud: host.Server.BaseUrl + "authentication/v2/token"),
            _ => host.Key.Assertion(host.Server, now, lifetime: TimeSpan.FromSeconds(-1)),
        };

        using var response = await ServiceAccountKey.ExchangeAsync(host.Http, host.Server, assertion);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains(claim, await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Issues_OverThePerUserQuota_Answer429WithRetryAfterAndOtherUsersAreNotCounted()
    {
        var quotas = new QuotaOptions { PerUserLimits = new Dictionary<EndpointCategory, int> { [EndpointCategory.Issues] = 3 } };
        await using var host = await IssueHost.StartAsync(quotas: quotas);
        var url = $"construction/issues/v1/projects/{host.ProjectGuid(0)}/issue-types";
        for (var i = 0; i < 3; i++)
        {
            using var ok = await host.Http.GetAsync(url);
            Assert.Equal(HttpStatusCode.OK, ok.StatusCode);
        }

        using var limited = await host.Http.GetAsync(url);
        using var other = new ServiceAccountKey();
        host.Server.RegisterServiceAccount(other.Registration());
        using var otherRequest = new HttpRequestMessage(HttpMethod.Get, url);
        otherRequest.Headers.Authorization = new AuthenticationHeaderValue("Bearer", await other.TokenAsync(host.Http, host.Server, host.Clock.GetUtcNow()));
        using var otherUser = await host.Http.SendAsync(otherRequest);

        Assert.Equal(HttpStatusCode.TooManyRequests, limited.StatusCode);
        Assert.Equal(TimeSpan.FromMinutes(1), limited.Headers.RetryAfter?.Delta);
        Assert.Equal(HttpStatusCode.OK, otherUser.StatusCode);
        Assert.Equal(1, host.Server.GetStats().Count(EndpointCategory.Issues, 429));
    }
}
