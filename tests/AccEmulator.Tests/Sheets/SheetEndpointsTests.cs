using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using AccEmulator.Tests.Issues;

namespace AccEmulator.Tests.Sheets;

/// <summary>The Sheets API as emulated: its envelope and paging links, its filters, exports polled to a signed PDF, the
/// membership check for a service account, and its quota of 100 requests a minute per endpoint.</summary>
public sealed class SheetEndpointsTests
{
    [Fact]
    public async Task ListSheets_PagedByTwo_EnvelopeCountsAndNextUrlsReachEverySheetOnce()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        using var truth = host.Server.SheetTruth.Get(projectId);
        var live = truth.RootElement.GetProperty("projects")[0].GetProperty("sheets").EnumerateArray().Count(s => !s.GetProperty("deleted").GetBoolean());

        var ids = new List<string>();
        string? url = $"construction/sheets/v1/projects/b.{projectId}/sheets?collectionId=*&currentOnly=false&limit=2";
        while (url is not null)
        {
            var page = await host.GetJsonAsync(url);
            var pagination = page.GetProperty("pagination");
            Assert.Equal(live, pagination.GetProperty("totalResults").GetInt32());
            Assert.Equal(2, pagination.GetProperty("limit").GetInt32());
            ids.AddRange(page.GetProperty("results").EnumerateArray().Select(s => s.GetProperty("id").GetString()!));
            url = pagination.GetProperty("nextUrl").GetString();
        }

        Assert.Equal(live, ids.Count);
        Assert.Equal(live, ids.Distinct().Count());
    }

    [Fact]
    public async Task ListSheets_Filters_DefaultIsCurrentUngroupedLiveAndDeletedPassHasOnlyDeleted()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        var sheets = $"construction/sheets/v1/projects/{projectId}/sheets";

        var byDefault = (await host.GetJsonAsync(sheets)).GetProperty("results").EnumerateArray().ToList();
        var deleted = (await host.GetJsonAsync(sheets + "?collectionId=*&currentOnly=false&isDeleted=true")).GetProperty("results").EnumerateArray().ToList();
        var all = (await host.GetJsonAsync(sheets + "?collectionId=*&currentOnly=false")).GetProperty("results").EnumerateArray().ToList();

        Assert.NotEmpty(byDefault);
        Assert.All(byDefault, s => Assert.True(s.GetProperty("isCurrent").GetBoolean() && s.GetProperty("collection").ValueKind == JsonValueKind.Null));
        Assert.NotEmpty(deleted);
        Assert.All(deleted, s => Assert.True(s.GetProperty("deleted").GetBoolean()));
        Assert.Contains(all, s => !s.GetProperty("isCurrent").GetBoolean());
        Assert.Contains(all, s => s.GetProperty("collection").ValueKind == JsonValueKind.Object);
        Assert.DoesNotContain(all, s => s.GetProperty("deleted").GetBoolean());
    }

    [Fact]
    public async Task Export_PostThenPoll_ProcessingThenASignedUrlServingThePdfTheTruthHashes()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        using var truth = host.Server.SheetTruth.Get(projectId);
        var set = truth.RootElement.GetProperty("projects")[0].GetProperty("versionSets")[0];
        var body = new { sheets = set.GetProperty("sheetIds").EnumerateArray().Select(i => i.GetString()).ToArray(), options = new { standardMarkups = new { includePublishedMarkups = true } } };

        using var started = await host.Http.PostAsJsonAsync($"construction/sheets/v1/projects/{projectId}/exports", body);
        Assert.Equal(HttpStatusCode.Accepted, started.StatusCode);
        var exportId = (await started.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("id").GetString();
        var first = await host.GetJsonAsync($"construction/sheets/v1/projects/{projectId}/exports/{exportId}");
        var second = await host.GetJsonAsync($"construction/sheets/v1/projects/{projectId}/exports/{exportId}");

        Assert.Equal("processing", first.GetProperty("status").GetString());
        Assert.Equal("successful", second.GetProperty("status").GetString());
        using var anonymous = new HttpClient();
        var pdf = await anonymous.GetByteArrayAsync(second.GetProperty("result").GetProperty("output").GetProperty("signedUrl").GetString());
        Assert.Equal(set.GetProperty("pdfSha256").GetString(), Convert.ToHexStringLower(SHA256.HashData(pdf)));
    }

    [Fact]
    public async Task ListSheets_ServiceAccountNotInvited_Answers403NamingTheMembership()
    {
        await using var host = await IssueHost.StartAsync(invitedTo: projects => [projects[1]]);

        using var response = await host.Http.GetAsync($"construction/sheets/v1/projects/{host.ProjectGuid(0)}/sheets");

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains("not a member of project", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ListVersionSets_OverOneHundredInAMinute_Answers429WithRetryAfterWhileSheetsStillAnswer()
    {
        await using var host = await IssueHost.StartAsync();
        var versionSets = $"construction/sheets/v1/projects/{host.ProjectGuid(0)}/version-sets";
        for (var i = 0; i < 100; i++)
        {
            using var ok = await host.Http.GetAsync(versionSets);
            Assert.Equal(HttpStatusCode.OK, ok.StatusCode);
        }

        using var refused = await host.Http.GetAsync(versionSets);
        using var otherEndpoint = await host.Http.GetAsync($"construction/sheets/v1/projects/{host.ProjectGuid(0)}/sheets");

        Assert.Equal(HttpStatusCode.TooManyRequests, refused.StatusCode);
        Assert.NotNull(refused.Headers.RetryAfter);
        Assert.Equal(HttpStatusCode.OK, otherEndpoint.StatusCode);
    }
}
