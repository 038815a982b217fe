using System.Security.Cryptography;
using AccBackup.Backup.Naming;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;
using AccBackup.Restore;
using AccBackup.Tests.Issues;
using AccBackup.Tests.Modules;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Restore;

/// <summary>Issue attachments restored under the names people gave them (ACC's fileName is the attachment's id), made safe and
/// unique within their issue's folder; on the emulator and Azurite.</summary>
public sealed class IssueRestorerTests
{
    [Fact]
    public async Task RestoreAsync_SameAndHostileDisplayNames_WritesEachUnderItsSafeDisplayNameUniqueInItsIssueFolder()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        string issueId;
        int displayId;
        using (var issues = await host.Emulator.IssueTruth.GetAsync(projectId))
        {
            var issue = issues.RootElement.GetProperty("projects")[0].GetProperty("issues").EnumerateArray().Select(i => i.GetProperty("issue"))
                .First(i => !i.GetProperty("deleted").GetBoolean());
            (issueId, displayId) = (issue.GetProperty("id").GetString()!, issue.GetProperty("displayId").GetInt32());
        }

        var mutations = host.Emulator.IssueMutations;
        var first = mutations.AddAttachment(issueId, "Site photo.jpg", 2_000).ChildId!;
        var second = mutations.AddAttachment(issueId, "Site photo.jpg", 3_000).ChildId!;
        var hostile = mutations.AddAttachment(issueId, "../..\\escape:me?.jpg", 4_000).ChildId!;
        await host.Services.GetRequiredService<IssueExporter>().ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);
        var snapshot = (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var target = Directory.CreateTempSubdirectory("acc-backup-issue-names-");
        var root = Path.Combine(target.FullName, "restore");

        await new IssueRestorer(host.Container, host.Services.GetRequiredService<ManifestReader>()).RestoreAsync("run-1", root, overwrite: false, CancellationToken.None);

        var folder = Path.Combine(root, BlobPathBuilder.Segment("Demo Tower"), "Issues", "attachments", "#" + displayId);
        var restored = Directory.GetFiles(folder).Select(f => (Name: Path.GetFileName(f), Sha256: Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f))))).ToList();
        var photos = restored.Where(f => f.Name.StartsWith("Site photo", StringComparison.Ordinal)).ToList();
        Assert.Equal(2, photos.Count);
        Assert.Contains(photos, p => p.Name == "Site photo.jpg");
        Assert.Equal([Sha256(snapshot, first), Sha256(snapshot, second)], photos.Select(p => p.Sha256).Order(StringComparer.Ordinal));
        // The hostile name stays one file in the issue's folder, nothing written beside the restore folder.
        var escaped = Assert.Single(restored, f => f.Sha256 == Sha256(snapshot, hostile));
        Assert.Equal(BlobPathBuilder.Segment("../..\\escape:me?.jpg"), escaped.Name);
        Assert.Equal(["restore"], Directory.GetFileSystemEntries(target.FullName).Select(Path.GetFileName));
        Assert.DoesNotContain(restored, f => f.Name.StartsWith(first, StringComparison.Ordinal));
        target.Delete(recursive: true);
    }

    private static string Sha256(IssueSnapshot snapshot, string attachmentId) =>
        snapshot.Issues.SelectMany(i => i.Attachments).Single(a => a.Attachment.GetProperty("attachmentId").GetString() == attachmentId).Sha256!;
}
