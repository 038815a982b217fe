using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Tests.Issues;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Photos;

/// <summary>The Photos API as emulated: <c>photos:filter</c> cursor paging (a next page asked with <c>nextPost.body</c> alone),
/// signed URLs that serve the truth's bytes and expire, one photo with a fresh URL, 403 for the app's own token and for a service
/// account not invited, and a deleted photo gone from the listing.</summary>
public sealed class PhotoEndpointsTests
{
    [Fact]
    public async Task Filter_PagedByFiveThroughNextPost_ReachesEveryPhotoOnceInCreationOrder()
    {
        await using var host = await IssueHost.StartAsync();
        var truth = await TruthPhotosAsync(host, 0);

        var (ids, pages) = await FilterAllAsync(host, 0, new { limit = 5 });

        Assert.Equal(truth.Select(p => p.GetProperty("photo").GetProperty("id").GetString()), ids);
        Assert.Equal((truth.Count + 4) / 5, pages);
        Assert.True(truth.Count > 5, "the demo project lacks photos to page through");
    }

    [Fact]
    public async Task Filter_IncludeSignedUrls_EachFileUrlServesTheTruthsBytesAndTheRecordEqualsTheTruthBesideIt()
    {
        await using var host = await IssueHost.StartAsync();
        var truth = (await TruthPhotosAsync(host, 0)).ToDictionary(p => p.GetProperty("photo").GetProperty("id").GetString()!);

        using var response = await host.Http.PostAsJsonAsync(Filter(host, 0), new { limit = 100, include = new[] { "signedUrls" } });
        var results = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("results").EnumerateArray().ToList();

        Assert.Equal(truth.Count, results.Count);
        foreach (var photo in results)
        {
            var expected = truth[photo.GetProperty("id").GetString()!];
            var bytes = await host.Http.GetByteArrayAsync(photo.GetProperty("signedUrls").GetProperty("fileUrl").GetString());
            Assert.Equal(expected.GetProperty("sha256").GetString(), Convert.ToHexStringLower(SHA256.HashData(bytes)));
            Assert.Equal(expected.GetProperty("photo").GetProperty("size").GetInt64(), bytes.LongLength);
            Assert.Equal(expected.GetProperty("photo").GetProperty("title").GetString(), photo.GetProperty("title").GetString());
        }

        Assert.Contains(results, p => p.GetProperty("mediaType").GetString() == "video");
    }

    [Fact]
    public async Task GetPhoto_AfterTheListedUrlExpired_TheListedUrlAnswers403AndTheFreshOneServesTheBytes()
    {
        await using var host = await IssueHost.StartAsync();
        host.Server.PhotoMutations.ListExpiredUrls(true);
        using var listed = await host.Http.PostAsJsonAsync(Filter(host, 0), new { limit = 1, include = new[] { "signedUrls" } });
        var photo = (await listed.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("results")[0];

        using var expired = await host.Http.GetAsync(photo.GetProperty("signedUrls").GetProperty("fileUrl").GetString());
        var fresh = await host.GetJsonAsync($"construction/photos/v1/projects/{host.ProjectGuid(0)}/photos/{photo.GetProperty("id").GetString()}?include=signedUrls");
        using var served = await host.Http.GetAsync(fresh.GetProperty("signedUrls").GetProperty("fileUrl").GetString());

        Assert.Equal(HttpStatusCode.Forbidden, expired.StatusCode);
        Assert.Equal(HttpStatusCode.OK, served.StatusCode);
        Assert.Equal(photo.GetProperty("size").GetInt64(), (await served.Content.ReadAsByteArrayAsync()).LongLength);
    }

    [Fact]
    public async Task Filter_PhotoDeletedAndOneAdded_ListingFollowsAndGetOfTheDeletedOneAnswers404()
    {
        await using var host = await IssueHost.StartAsync();
        var deleted = Guid.Parse((await TruthPhotosAsync(host, 1))[0].GetProperty("photo").GetProperty("id").GetString()!);
        host.Server.PhotoMutations.Delete(deleted);
        var added = host.Server.PhotoMutations.Add(host.ProjectGuid(1), "IMG_9001.jpg", 12_345);

        var (ids, _) = await FilterAllAsync(host, 1, new { limit = 50 });
        using var gone = await host.Http.GetAsync($"construction/photos/v1/projects/{host.ProjectGuid(1)}/photos/{deleted}");

        Assert.DoesNotContain(deleted.ToString("D"), ids);
        Assert.Equal(added.ToString("D"), ids[^1]);
        Assert.Equal(HttpStatusCode.NotFound, gone.StatusCode);
    }

    [Fact]
    public async Task Filter_ClientCredentialsToken_Answers403NamingUserContext()
    {
        await using var client = await TestEmulator.ConnectAsync();
        var projectId = (await client.TopFoldersAsync()).ProjectId[2..];

        using var response = await client.Http.PostAsync($"construction/photos/v1/projects/{projectId}/photos:filter", JsonContent.Create(new { limit = 1 }));

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains("user-context", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Filter_ServiceAccountNotInvited_Answers403NamingTheMembershipAndCountsTheQuota()
    {
        await using var host = await IssueHost.StartAsync(invitedTo: p => [p[1]]);

        using var refused = await host.Http.PostAsJsonAsync(Filter(host, 0), new { limit = 1 });
        using var allowed = await host.Http.PostAsJsonAsync(Filter(host, 1), new { limit = 1 });

        Assert.Equal(HttpStatusCode.Forbidden, refused.StatusCode);
        Assert.Contains("not a member", await refused.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, allowed.StatusCode);
        Assert.Equal(2, host.Server.GetStats().Count(EndpointCategory.Photos));
    }

    internal static string Filter(IssueHost host, int project) => $"construction/photos/v1/projects/{host.ProjectGuid(project)}/photos:filter";

    internal static async Task<List<JsonElement>> TruthPhotosAsync(IssueHost host, int project)
    {
        using var truth = await host.Server.PhotoTruth.GetAsync(host.ProjectGuid(project));
        return [.. truth.RootElement.GetProperty("projects")[0].GetProperty("photos").EnumerateArray().Select(p => p.Clone())];
    }

    /// <summary>Every page of a listing: the first body, then each answer's <c>nextPost.body</c> to its <c>nextPost.url</c>.</summary>
    private static async Task<(List<string> Ids, int Pages)> FilterAllAsync(IssueHost host, int project, object body)
    {
        var ids = new List<string>();
        var url = Filter(host, project);
        var content = JsonSerializer.SerializeToElement(body);
        for (var pages = 1; pages < 100; pages++)
        {
            using var response = await host.Http.PostAsJsonAsync(url, content);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            var page = await response.Content.ReadFromJsonAsync<JsonElement>();
            ids.AddRange(page.GetProperty("results").EnumerateArray().Select(r => r.GetProperty("id").GetString()!));
            if (!page.GetProperty("pagination").TryGetProperty("nextPost", out var next))
            {
                return (ids, pages);
            }

            url = next.GetProperty("url").GetString()!;
            content = next.GetProperty("body").Clone();
            Assert.Equal(["cursorState"], content.EnumerateObject().Select(m => m.Name));
        }

        throw new InvalidOperationException("The listing never ended.");
    }
}
