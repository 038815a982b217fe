using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Tests.Issues;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Rfis;

/// <summary>The RFIs API v3 as emulated: body paging of <c>search:rfis</c>, hidden RFIs only with <c>includeHidden</c>,
/// <c>filter.updatedAt</c> ranges, responses embedded in one RFI, attachments of one type unless all are asked, 403 for the
/// app's own token and for a service account not invited, and one quota of 100 a minute for every RFI endpoint.</summary>
public sealed class RfiEndpointsTests
{
    [Fact]
    public async Task Search_PagedByTwoInTheBody_ReachesEveryRfiOnceHiddenOnlyWithIncludeHidden()
    {
        await using var host = await IssueHost.StartAsync();
        var truth = await TruthRfisAsync(host, 0);

        var visible = await SearchAllAsync(host, 0, new { limit = 2 });
        var all = await SearchAllAsync(host, 0, new { limit = 2, filter = new { includeHidden = true } });

        Assert.Equal(truth.Select(r => r.GetProperty("id").GetString()).Order(), all.Order());
        Assert.Equal(truth.Where(r => !r.GetProperty("isHidden").GetBoolean()).Select(r => r.GetProperty("id").GetString()).Order(), visible.Order());
        Assert.True(visible.Count < all.Count);
    }

    [Fact]
    public async Task Search_UpdatedAtRange_ListsOnlyTheRfisUpdatedInIt()
    {
        await using var host = await IssueHost.StartAsync();
        var before = host.Clock.GetUtcNow();
        host.Clock.Advance(TimeSpan.FromMinutes(5));
        var changed = Guid.Parse((await TruthRfisAsync(host, 0))[1].GetProperty("id").GetString()!);
        host.Server.RfiMutations.Comment(changed, "Please see the revised sketch.");

        var ids = await SearchAllAsync(host, 0, new { filter = new { includeHidden = true, updatedAt = $"{before:yyyy-MM-ddTHH:mm:ss.fffZ}.." } });
        using var badRange = await host.Http.PostAsJsonAsync(Search(host, 0), new { filter = new { updatedAt = "yesterday" } });

        Assert.Equal([changed.ToString("D")], ids);
        Assert.Equal(HttpStatusCode.BadRequest, badRange.StatusCode);
    }

    [Fact]
    public async Task GetRfiAndAttachments_FirstDemoRfi_ResponsesEmbeddedAndFourAttachmentTypesOnlyWhenAsked()
    {
        await using var host = await IssueHost.StartAsync();
        var id = (await TruthRfisAsync(host, 0))[0].GetProperty("id").GetString();
        var rfis = $"construction/rfis/v3/projects/{host.ProjectGuid(0)}/rfis/{id}";

        var rfi = await host.GetJsonAsync(rfis);
        var byDefault = (await host.GetJsonAsync(rfis + "/attachments")).GetProperty("results").EnumerateArray().Select(a => a.GetProperty("attachmentType").GetString()).ToList();
        var every = (await host.GetJsonAsync(rfis + "/attachments?filter[attachmentTypes]=rfiResponse,rfiOfficialResponse,bridgeFiles,rfiWebHiddenFiles"))
            .GetProperty("results").EnumerateArray().Select(a => a.GetProperty("attachmentType").GetString()).ToList();

        Assert.Equal(1, rfi.GetProperty("responses").GetArrayLength());
        Assert.Equal(["rfiOfficialResponse"], byDefault);
        Assert.Equal(4, every.Distinct().Count());
    }

    [Fact]
    public async Task Search_ClientCredentialsToken_Answers403NamingUserContext()
    {
        await using var client = await TestEmulator.ConnectAsync();
        var projectId = (await client.TopFoldersAsync()).ProjectId[2..];

        using var response = await client.Http.PostAsync($"construction/rfis/v3/projects/{projectId}/search:rfis", JsonContent.Create(new { limit = 1 }));

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains("user-context", (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("developerMessage").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Search_ServiceAccountNotInvited_Answers403NamingTheMembership()
    {
        await using var host = await IssueHost.StartAsync(invitedTo: p => [p[1]]);

        using var refused = await host.Http.PostAsJsonAsync(Search(host, 0), new { limit = 1 });
        using var allowed = await host.Http.PostAsJsonAsync(Search(host, 1), new { limit = 1 });

        Assert.Equal(HttpStatusCode.Forbidden, refused.StatusCode);
        Assert.Contains("not a member", await refused.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, allowed.StatusCode);
    }

    [Fact]
    public async Task Search_OverOneHundredInAMinute_Answers429WithRetryAfterForEveryRfiEndpoint()
    {
        await using var host = await IssueHost.StartAsync();
        for (var i = 0; i < 100; i++)
        {
            using var ok = await host.Http.PostAsJsonAsync(Search(host, 0), new { limit = 1 });
            Assert.Equal(HttpStatusCode.OK, ok.StatusCode);
        }

        using var refused = await host.Http.PostAsJsonAsync(Search(host, 0), new { limit = 1 });
        using var comments = await host.Http.GetAsync($"construction/rfis/v3/projects/{host.ProjectGuid(0)}/rfis/{Guid.Empty}/comments");

        Assert.Equal(HttpStatusCode.TooManyRequests, refused.StatusCode);
        Assert.NotNull(refused.Headers.RetryAfter);
        Assert.Equal(HttpStatusCode.TooManyRequests, comments.StatusCode);
    }

    private static string Search(IssueHost host, int project) => $"construction/rfis/v3/projects/{host.ProjectGuid(project)}/search:rfis";

    private static async Task<List<string>> SearchAllAsync(IssueHost host, int project, object body)
    {
        var ids = new List<string>();
        var json = JsonSerializer.SerializeToNode(body)!.AsObject();
        for (var offset = 0; ; )
        {
            json["offset"] = offset;
            using var response = await host.Http.PostAsJsonAsync(Search(host, project), json);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            var page = await response.Content.ReadFromJsonAsync<JsonElement>();
            var results = page.GetProperty("results");
            ids.AddRange(results.EnumerateArray().Select(r => r.GetProperty("id").GetString()!));
            offset += results.GetArrayLength();
            if (results.GetArrayLength() == 0 || offset >= page.GetProperty("pagination").GetProperty("totalResults").GetInt32())
            {
                return ids;
            }
        }
    }

    private static async Task<List<JsonElement>> TruthRfisAsync(IssueHost host, int project)
    {
        using var truth = await host.Server.RfiTruth.GetAsync(host.ProjectGuid(project));
        return [.. truth.RootElement.GetProperty("projects")[0].GetProperty("rfis").EnumerateArray().Select(r => r.GetProperty("rfi").Clone())];
    }
}
