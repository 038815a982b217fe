using System.Text.Json;
using AccEmulator.Tests.Issues;

namespace AccEmulator.Tests.Rfis;

/// <summary>Docs files attached to RFIs: seeded in the demo account in the RFIs API's shape (the version's <c>storageUrn</c> and its
/// <c>lineageUrn</c>/<c>versionUrn</c>/<c>tipVersionUrn</c>/<c>version</c>), naming real file versions of the same project whose bytes
/// the truth hashes; attached by mutation, their tip following the file.</summary>
public sealed class RfiDocsAttachmentsTests
{
    private const string AllTypes = "?filter[attachmentTypes]=rfiResponse,rfiOfficialResponse,bridgeFiles,rfiWebHiddenFiles&limit=200";

    [Fact]
    public async Task ListAttachments_DemoAccount_DocsFilesNameVersionsOfTheProjectTipAndOlderWithTheFilesBytes()
    {
        await using var host = await IssueHost.StartAsync();
        var files = await host.Server.Truth.GetFilesAsync();
        using var truth = await host.Server.RfiTruth.GetAsync();

        var docs = new List<JsonElement>();
        foreach (var project in truth.RootElement.GetProperty("projects").EnumerateArray().Where(p => p.GetProperty("rfis").GetArrayLength() > 0))
        {
            var projectId = project.GetProperty("projectId").GetString()!;
            var inProject = project.GetProperty("rfis").EnumerateArray()
                .SelectMany(r => r.GetProperty("attachments").EnumerateArray().Select(a => (Rfi: r.GetProperty("rfi"), Truth: a)))
                .Where(a => a.Truth.GetProperty("attachment").TryGetProperty("versionUrn", out _)).ToList();
            Assert.NotEmpty(inProject);
            foreach (var (rfi, attachment) in inProject)
            {
                var listed = (await host.GetJsonAsync($"construction/rfis/v3/projects/{projectId}/rfis/{rfi.GetProperty("id").GetString()}/attachments{AllTypes}"))
                    .GetProperty("results").EnumerateArray().Single(a => a.GetProperty("attachmentId").GetString() == attachment.GetProperty("attachment").GetProperty("attachmentId").GetString());
                Assert.True(JsonElement.DeepEquals(attachment.GetProperty("attachment"), listed), listed.ToString());
                Assert.StartsWith("urn:adsk.objects:os.object:", listed.GetProperty("storageUrn").GetString(), StringComparison.Ordinal);
                var file = Assert.Single(files, f => f.ItemId == listed.GetProperty("lineageUrn").GetString());
                Assert.Equal("b." + projectId, file.ProjectId);
                Assert.Equal(file.VersionId, listed.GetProperty("tipVersionUrn").GetString());
                var version = listed.GetProperty("version").GetInt32();
                Assert.Equal($"{file.ItemId.Replace("dm.lineage:", "fs.file:vf.", StringComparison.Ordinal)}?version={version}", listed.GetProperty("versionUrn").GetString());
                if (version == file.VersionNumber)
                {
                    Assert.Equal((file.Sha256, file.StorageId), (attachment.GetProperty("sha256").GetString(), listed.GetProperty("storageUrn").GetString()));
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
        var projectId = host.ProjectGuid(1);
        Guid rfiId;
        using (var truth = await host.Server.RfiTruth.GetAsync(projectId))
        {
            rfiId = Guid.Parse(truth.RootElement.GetProperty("projects")[0].GetProperty("rfis")[0].GetProperty("rfi").GetProperty("id").GetString()!);
        }

        var file = (await host.Server.Truth.GetFilesAsync()).First(f => f.ProjectId == "b." + projectId && f.HasStorage && !f.Hidden);

        var attachmentId = host.Server.RfiMutations.AttachDocsFile(rfiId, "bridgeFiles", file.VersionId);
        host.Server.Mutations.ChangeFile(file.ItemId, 1_000);

        var listed = (await host.GetJsonAsync($"construction/rfis/v3/projects/{projectId}/rfis/{rfiId}/attachments{AllTypes}"))
            .GetProperty("results").EnumerateArray().Single(a => a.GetProperty("attachmentId").GetString() == attachmentId.ToString("D"));
        Assert.Equal(file.VersionId, listed.GetProperty("versionUrn").GetString());
        Assert.NotEqual(file.VersionId, listed.GetProperty("tipVersionUrn").GetString());
        Assert.Equal(file.ServedLength, listed.GetProperty("fileSize").GetInt64());
        Assert.Equal(file.StorageId, listed.GetProperty("storageUrn").GetString());
        Assert.Throws<KeyNotFoundException>(() => host.Server.RfiMutations.AttachDocsFile(rfiId, "bridgeFiles", "urn:adsk.wipprod:fs.file:vf.none?version=1"));
    }
}
