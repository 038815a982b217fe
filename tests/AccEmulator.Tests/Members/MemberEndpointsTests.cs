using System.Net;
using AccEmulator.Tests.Issues;

namespace AccEmulator.Tests.Members;

/// <summary>The Admin API's project users as emulated: default page of 20 and its links, <c>filter[status]</c>, and 403 for a
/// service account not invited.</summary>
public sealed class MemberEndpointsTests
{
    [Fact]
    public async Task ListUsers_StatusFilter_DefaultIsActiveAndPendingDeletedOnlyWhenAsked()
    {
        await using var host = await IssueHost.StartAsync();
        var users = $"construction/admin/v1/projects/{host.ProjectGuid(0)}/users";

        var byDefault = (await host.GetJsonAsync(users)).GetProperty("results").EnumerateArray().Select(m => m.GetProperty("status").GetString()).ToList();
        var removed = (await host.GetJsonAsync(users + "?filter[status]=deleted")).GetProperty("results").EnumerateArray().Select(m => m.GetProperty("status").GetString()).ToList();

        Assert.Contains("active", byDefault);
        Assert.Contains("pending", byDefault);
        Assert.DoesNotContain("deleted", byDefault);
        Assert.Equal(["deleted"], removed);
    }

    [Fact]
    public async Task ListUsers_PagedByTwo_NextUrlsReachEveryMemberOnce()
    {
        await using var host = await IssueHost.StartAsync();
        using var truth = host.Server.MemberTruth.Get(host.ProjectGuid(0));
        var all = truth.RootElement.GetProperty("projects")[0].GetProperty("members").GetArrayLength();

        var ids = new List<string>();
        string? url = $"construction/admin/v1/projects/b.{host.ProjectGuid(0)}/users?filter[status]=active,pending,deleted&limit=2";
        while (url is not null)
        {
            var page = await host.GetJsonAsync(url);
            ids.AddRange(page.GetProperty("results").EnumerateArray().Select(m => m.GetProperty("id").GetString()!));
            url = page.GetProperty("pagination").GetProperty("nextUrl").GetString();
        }

        Assert.Equal(all, ids.Distinct().Count());
        Assert.Equal(all, ids.Count);
    }

    [Fact]
    public async Task ListUsers_ServiceAccountNotInvited_Answers403()
    {
        await using var host = await IssueHost.StartAsync(invitedTo: projects => [projects[1]]);

        using var response = await host.Http.GetAsync($"construction/admin/v1/projects/{host.ProjectGuid(0)}/users");

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
    }
}
