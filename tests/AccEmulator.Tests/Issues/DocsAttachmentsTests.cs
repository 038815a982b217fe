using System.Text.Json;

namespace AccEmulator.Tests.Issues;

/// <summary>Docs files attached to issues: seeded in the demo account in ACC's shape (urns, no storageUrn), naming real file
/// versions of the same project whose bytes the truth hashes; attached by mutation, their tip following the file.</summary>
public sealed class DocsAttachmentsTests
{
    [Fact]
    public async Task ListAttachments_DemoAccount_DocsFilesNameVersionsOfTheProjectTipAndOlderWithTheFilesBytes()
    {
        await using var host = await IssueHost.StartAsync();
        var files = await host.Server.Truth.GetFilesAsync();
        using var truth = await host.Server.IssueTruth.GetAsync();

        var docs = new List<JsonElement>();
        foreach (var project in truth.RootElement.GetProperty("projects").EnumerateArray().Where(p => p.GetProperty("issues").GetArrayLength() > 0))
        {
            var projectId = project.GetProperty("projectId").GetString()!;
            var inProject = project.GetProperty("issues").EnumerateArray()
                .SelectMany(i => i.GetProperty("attachments").EnumerateArray().Select(a => (Issue: i.GetProperty("issue"), Truth: a)))
                .Where(a => a.Truth.GetProperty("attachment").TryGetProperty("versionUrn", out _)).ToList();
            Assert.NotEmpty(inProject);
            foreach (var (issue, attachment) in inProject)
            {
                var listed = (await host.GetJsonAsync($"construction/issues/v1/projects/{projectId}/attachments/{issue.GetProperty("id").GetString()}/items"))
                    .GetProperty("attachments").EnumerateArray().Single(a => a.GetProperty("attachmentId").GetString() == attachment.GetProperty("attachment").GetProperty("attachmentId").GetString());
                Assert.True(JsonElement.DeepEquals(attachment.GetProperty("attachment"), listed), listed.ToString());
                Assert.False(listed.TryGetProperty("storageUrn", out _));
                var file = Assert.Single(files, f => f.ItemId == listed.GetProperty("lineageUrn").GetString());
                Assert.Equal("b." + projectId, file.ProjectId);
                Assert.Equal(file.VersionId, listed.GetProperty("tipVersionUrn").GetString());
                var version = listed.GetProperty("version").GetInt32();
                Assert.Equal($"{file.ItemId.Replace("dm.lineage:", "fs.file:vf.", StringComparison.Ordinal)}?version={version}", listed.GetProperty("versionUrn").GetString());
                if (version == file.VersionNumber)
                {
                    Assert.Equal(file.Sha256, attachment.GetProperty("sha256").GetString());
                }

                docs.Add(listed);
            }
        }

        Assert.Contains(docs, a => a.GetProperty("versionUrn").GetString() == a.GetProperty("tipVersionUrn").GetString());
        Assert.Contains(docs, a => a.GetProperty("versionUrn").GetString() != a.GetProperty("tipVersionUrn").GetString());
    }

    [Fact]
    public async Task AttachDocsFile_ThenANewVersionOfTheFile_ListsTheAttachedVersionAndTheNewTip()
    {
        await using var host = await IssueHost.StartAsync();
        var projectId = host.ProjectGuid(0);
        var issueId = (await host.TruthIssuesAsync(projectId, deleted: false))[0];
        var file = (await host.Server.Truth.GetFilesAsync()).First(f => f.ProjectId == "b." + projectId && f.HasStorage && !f.Hidden);

        var attached = host.Server.IssueMutations.AttachDocsFile(issueId, file.VersionId);
        host.Server.Mutations.ChangeFile(file.ItemId, 1_000);

        var listed = (await host.GetJsonAsync($"construction/issues/v1/projects/{projectId}/attachments/{issueId}/items"))
            .GetProperty("attachments").EnumerateArray().Single(a => a.GetProperty("attachmentId").GetString() == attached.ChildId);
        Assert.Equal(file.VersionId, listed.GetProperty("versionUrn").GetString());
        Assert.Equal(file.VersionNumber, listed.GetProperty("version").GetInt32());
        Assert.Equal(file.VersionId.Replace($"?version={file.VersionNumber}", $"?version={file.VersionNumber + 1}", StringComparison.Ordinal),
            listed.GetProperty("tipVersionUrn").GetString());
        Assert.Throws<KeyNotFoundException>(() => host.Server.IssueMutations.AttachDocsFile(issueId, "urn:adsk.wipprod:fs.file:vf.none?version=1"));
    }
}
