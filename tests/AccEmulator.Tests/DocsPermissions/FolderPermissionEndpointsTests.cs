using System.Net;
using System.Text.Json;
using AccEmulator.DocsPermissions;
using AccEmulator.Tests.Issues;

namespace AccEmulator.Tests.DocsPermissions;

/// <summary>Docs folder permissions as emulated: a bare array equal to the truth, a parent's subjects inherited below it, a change
/// seen at once, 404 for a <c>b.</c> project id and 403 for a service account not invited.</summary>
public sealed class FolderPermissionEndpointsTests
{
    [Fact]
    public async Task List_SubFolder_BareArrayEqualsTheTruthWithItsParentsSubjectsInherited()
    {
        await using var host = await IssueHost.StartAsync();
        using var truth = host.Server.FolderPermissionTruth.Get(host.ProjectGuid(0));
        var folder = truth.RootElement.GetProperty("projects")[0].GetProperty("folders").EnumerateArray()
            .First(f => f.GetProperty("path").GetString()!.Contains('/', StringComparison.Ordinal));

        var answer = await host.GetJsonAsync(Url(host, folder.GetProperty("folderId").GetString()!));

        Assert.Equal(JsonValueKind.Array, answer.ValueKind);
        Assert.True(JsonElement.DeepEquals(folder.GetProperty("permissions"), answer), answer.ToString());
        Assert.Contains(answer.EnumerateArray(), s => s.GetProperty("actions").GetArrayLength() == 0 && s.GetProperty("inheritActions").GetArrayLength() > 0);
        Assert.All(answer.EnumerateArray(), s => Assert.Contains(s.GetProperty("subjectType").GetString(), (string[])["USER", "ROLE", "COMPANY"]));
    }

    [Fact]
    public async Task List_AfterASubjectIsGiven_ShowsItsActions()
    {
        await using var host = await IssueHost.StartAsync();
        using var truth = host.Server.FolderPermissionTruth.Get(host.ProjectGuid(0));
        var folderId = truth.RootElement.GetProperty("projects")[0].GetProperty("folders")[0].GetProperty("folderId").GetString()!;

        host.Server.FolderPermissionMutations.Set(folderId, new FolderSubject("NEWUSER1", "NEWUSER1", "Ada New", "ada@example.com", "PROJECT_MEMBER", "USER", "ACTIVE"),
            FolderPermissionLevels.Manage);
        var answer = await host.GetJsonAsync(Url(host, folderId));

        var added = answer.EnumerateArray().Single(s => s.GetProperty("subjectId").GetString() == "NEWUSER1");
        Assert.Equal(FolderPermissionLevels.Manage, added.GetProperty("actions").EnumerateArray().Select(a => a.GetString()!));
    }

    [Fact]
    public async Task List_ProjectIdWithB_Answers404()
    {
        await using var host = await IssueHost.StartAsync();
        using var truth = host.Server.FolderPermissionTruth.Get(host.ProjectGuid(0));
        var folderId = truth.RootElement.GetProperty("projects")[0].GetProperty("folders")[0].GetProperty("folderId").GetString()!;

        using var response = await host.Http.GetAsync($"bim360/docs/v1/projects/b.{host.ProjectGuid(0)}/folders/{Uri.EscapeDataString(folderId)}/permissions");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task List_ServiceAccountNotInvited_Answers403()
    {
        await using var host = await IssueHost.StartAsync(invitedTo: projects => [projects[1]]);
        using var truth = host.Server.FolderPermissionTruth.Get(host.ProjectGuid(0));
        var folderId = truth.RootElement.GetProperty("projects")[0].GetProperty("folders")[0].GetProperty("folderId").GetString()!;

        using var response = await host.Http.GetAsync(Url(host, folderId));

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
    }

    private static string Url(IssueHost host, string folderId) =>
        $"bim360/docs/v1/projects/{host.ProjectGuid(0)}/folders/{Uri.EscapeDataString(folderId)}/permissions";
}
