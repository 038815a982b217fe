using System.Text;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Tests.Modules;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Issues;

/// <summary>Exports on the emulator and Azurite: equal to the truth, incremental by updatedAt, attachments written once.</summary>
public sealed class IssueExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthDeletedIssuesAndAttachmentHashesIncluded()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();

        var result = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);

        using var truth = await host.Emulator.IssueTruth.GetAsync(projectId);
        var snapshot = await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None);
        Assert.NotNull(snapshot);
        await IssueTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.True(result.DeletedIssues > 0 && result.Attachments > 0 && result.Comments > 0, $"the demo project lacks a case: {result}");
        Assert.Equal(result.Attachments, result.AttachmentsCopied + result.AttachmentsReferenced);
        Assert.Equal(0, result.AttachmentFailures);
        // The demo's Docs files: one at its tip (referenced), one older than its tip (copied, its bytes proven above).
        var docs = snapshot.Issues.SelectMany(i => i.Attachments).Where(a => a.Attachment.TryGetProperty("versionUrn", out _)).ToList();
        Assert.Equal(docs.Count(a => a.IsReferenced), result.AttachmentsReferenced);
        Assert.True(result.AttachmentsReferenced > 0, "no Docs file at its tip was referenced");
        Assert.Contains(docs, a => a.BlobName is not null && a.Attachment.GetProperty("versionUrn").GetString() != a.Attachment.GetProperty("tipVersionUrn").GetString());
        Assert.Null(snapshot.UpdatedSince);
    }

    [Fact]
    public async Task ExportAsync_DemoProject_WritesACsvRowPerIssueWithNamesAndACustomAttributeColumn()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);

        var result = await host.Services.GetRequiredService<IssueExporter>().ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);

        await using var stream = await host.Container.OpenReadAsync(result.CsvBlob, null, null, CancellationToken.None);
        using var reader = new StreamReader(stream, Encoding.UTF8);
        var lines = (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(result.Issues + 1, lines.Length);
        Assert.StartsWith("displayId,title,status,type,subtype,", lines[0], StringComparison.Ordinal);
        Assert.EndsWith(",Trade,Cost impact (USD),Reference", lines[0], StringComparison.Ordinal);
        // Type names and list options as text, not ids; the Reference text quotes its own quotes.
        Assert.All(lines.Skip(1), l => Assert.Matches(",(Quality|Safety|Punch list|Design),", l));
        Assert.All(lines.Skip(1), l => Assert.Matches(",(Concrete|Electrical|Mechanical|Plumbing|Drywall|Façade),[0-9]+,\"REF-", l));
    }

    [Fact]
    public async Task ExportAsync_SecondRunAfterChanges_ReadsOnlyChangedIssuesAndEachRunEqualsItsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        var run1 = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);
        var requestsRun1 = host.Emulator.GetStats().Count(EndpointCategory.Issues);
        using var truth1 = await host.Emulator.IssueTruth.GetAsync(projectId);
        var previous = await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None);
        var live = previous!.Issues.Where(i => !i.Deleted).Select(i => i.Id).ToList();

        var changes = host.Emulator.IssueMutations;
        changes.UpdateIssue(live[0], title: "Crack in slab at grid C4 (re-inspected)");
        changes.UpdateIssue(live[1], status: "closed");
        changes.DeleteIssue(live[2]);
        changes.AddComment(live[3], "Fixed, photo attached.");
        changes.AddAttachment(live[3], "IMG_after.jpg", 150_000);
        host.Emulator.ResetStats();
        var run2 = await exporter.ExportAsync(new IssueExportRequest("run-2", projectId, "Demo Tower", previous), CancellationToken.None);
        var requestsRun2 = host.Emulator.GetStats().Count(EndpointCategory.Issues);

        using var truth2 = await host.Emulator.IssueTruth.GetAsync(projectId);
        await IssueTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0],
            (await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!, host.Container);
        await IssueTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0],
            (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!, host.Container);
        Assert.Equal(4, run2.IssuesRead);
        // The new photo, and the Docs files run 1 left to its own file backup: no file backup ran here, so run 2 copies them.
        Assert.Equal(1 + Unresolved(previous!), run2.AttachmentsCopied);
        Assert.Equal(run1.Issues, run2.Issues);
        Assert.Equal(run1.DeletedIssues + 1, run2.DeletedIssues);
        // Settings (4), each pass's total (2) and the two updatedAt passes (2), then per changed issue its attachments, and its
        // comments when it has any. Nothing vanished: no pass is listed in full.
        Assert.Equal(0, run2.IssuesVanished);
        Assert.InRange(requestsRun2, 4 + 2 + 2 + 4, 4 + 2 + 2 + (2 * 4));
        Assert.True(requestsRun2 < requestsRun1, $"run 2 made {requestsRun2} Issues requests, run 1 {requestsRun1}");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ExportAsync_SecondRunUpdatedAtRangeAcceptedOrRefused_ReadsTheSameChangedIssuesAndEqualsTheTruth(bool refuseRanges)
    {
        await using var host = await ModulesHost.StartAsync(new AccEmulator.EmulatorOptions { RefuseIssueUpdatedAtRanges = refuseRanges });
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);
        var previous = (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var live = previous.Issues.Where(i => !i.Deleted).Select(i => i.Id).ToList();
        host.Emulator.IssueMutations.UpdateIssue(live[0], title: "Crack in slab at grid C4 (re-inspected)");
        host.Emulator.IssueMutations.DeleteIssue(live[1]);
        host.Emulator.IssueMutations.AddComment(live[2], "Fixed.");
        host.Emulator.ResetStats();

        var run2 = await host.Services.GetRequiredService<IssueExporter>().ExportAsync(
            new IssueExportRequest("run-2", projectId, "Demo Tower", previous), CancellationToken.None);

        using var truth = await host.Emulator.IssueTruth.GetAsync(projectId);
        await IssueTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0],
            (await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!, host.Container);
        Assert.Equal(3, run2.IssuesRead);
        // Refused once (the client then reads newest first for both passes); accepted, never.
        Assert.Equal(refuseRanges ? 1 : 0, host.Emulator.GetStats().Count(EndpointCategory.Issues, 400));
    }

    [Fact]
    public async Task ExportAsync_AttachedDocsFileGetsANewVersion_FirstReferencedThenItsOlderBytesCopied()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        var file = (await host.Emulator.Truth.GetFilesAsync()).First(f => f.ProjectId == projectId && f.HasStorage && !f.Hidden);
        string issueId;
        using (var issues = await host.Emulator.IssueTruth.GetAsync(projectId))
        {
            issueId = issues.RootElement.GetProperty("projects")[0].GetProperty("issues").EnumerateArray().Select(i => i.GetProperty("issue"))
                .First(i => !i.GetProperty("deleted").GetBoolean()).GetProperty("id").GetString()!;
        }

        var attachmentId = host.Emulator.IssueMutations.AttachDocsFile(issueId, file.VersionId).ChildId;
        var run1 = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Hospital"), CancellationToken.None);
        var previous = await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None);

        // The file moves on; the issue is commented on, so the next run reads it (and its attachments) again.
        host.Emulator.Mutations.ChangeFile(file.ItemId, 5_000);
        host.Emulator.IssueMutations.AddComment(issueId, "Superseded by the new revision.");
        var run2 = await exporter.ExportAsync(new IssueExportRequest("run-2", projectId, "Demo Hospital", previous), CancellationToken.None);

        var before = Attachment(previous!, attachmentId!);
        Assert.True(before.IsReferenced && before.ReferencedVersion == file.VersionId, $"run 1 did not reference it: {before}");
        var snapshot2 = (await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        var after = Attachment(snapshot2, attachmentId!);
        Assert.False(after.IsReferenced);
        Assert.Equal((file.ServedLength, file.Sha256), (after.StoredBytes, after.Sha256));
        Assert.Equal((0, 0), (run1.AttachmentFailures, run2.AttachmentFailures));
        // No run stored anything here (no file backup beside this export): the references run 1 made are all copied by run 2.
        Assert.Equal(0, run2.AttachmentsReferenced);
        using var truth = await host.Emulator.IssueTruth.GetAsync(projectId);
        await IssueTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot2, host.Container);
    }

    [Fact]
    public async Task ExportAsync_CarriedReferenceTheRunBeforeStored_PointsAtThatBlobWithoutCopying()
    {
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap);
        var (projectId, file, attachmentId, previous) = await ReferenceInRunOneAsync(host);
        var stored = StoredByRunOne(projectId, file);

        // The issue is untouched, so run 2 carries it; the run before stored the version it names.
        var run2 = await host.Services.GetRequiredService<IssueExporter>().ExportAsync(
            new IssueExportRequest("run-2", projectId, "Demo Hospital", previous, _ => Task.FromResult<IReadOnlyDictionary<string, ManifestEntry>>(
                new Dictionary<string, ManifestEntry> { [file.VersionId] = stored })),
            CancellationToken.None);

        var after = Attachment((await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!, attachmentId);
        Assert.True(after is { IsReferenced: true, IsUnresolvedReference: false }, $"not settled: {after}");
        Assert.Equal((stored.BlobName, file.ServedLength, file.Sha256, file.VersionId), (after.BlobName, after.StoredBytes, after.Sha256, after.ReferencedVersion));
        // The demo's own reference at its tip is carried too, and copied: the run before stored no such version here.
        Assert.Equal((0, Unresolved(previous) - 1, 0), (run2.IssuesRead, run2.AttachmentsCopied, run2.AttachmentFailures));
    }

    [Fact]
    public async Task ExportAsync_CarriedReferenceNoRunStored_CopiesTheNamedVersionsBytes()
    {
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap);
        var (projectId, file, attachmentId, previous) = await ReferenceInRunOneAsync(host);

        // The run before stored no such version (its file backup failed, or the file moved on before it was listed).
        var run2 = await host.Services.GetRequiredService<IssueExporter>().ExportAsync(
            new IssueExportRequest("run-2", projectId, "Demo Hospital", previous, _ => Task.FromResult<IReadOnlyDictionary<string, ManifestEntry>>(
                new Dictionary<string, ManifestEntry>())),
            CancellationToken.None);

        var after = Attachment((await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!, attachmentId);
        Assert.False(after.IsReferenced, $"still a reference: {after}");
        Assert.StartsWith(IssueLayout.AttachmentsRoot, after.BlobName, StringComparison.Ordinal);
        Assert.Equal((file.ServedLength, file.Sha256), (after.StoredBytes, after.Sha256));
        Assert.Equal((0, Unresolved(previous), 0), (run2.IssuesRead, run2.AttachmentsCopied, run2.AttachmentFailures));
    }

    [Fact]
    public async Task ExportAsync_ReferenceDeferredAndItsIssueChangedAgain_IsNotDeferredTwiceButCopied()
    {
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap);
        var (projectId, file, attachmentId, previous) = await ReferenceInRunOneAsync(host);
        var issueId = previous.Issues.Single(i => i.Attachments.Any(a => a.Attachment.GetProperty("attachmentId").GetString() == attachmentId)).Id;
        host.Emulator.IssueMutations.AddComment(issueId, "Still open.");

        // Read again (commented), the file still at the same tip: the run before was to store it and did not, so it is copied.
        var run2 = await host.Services.GetRequiredService<IssueExporter>().ExportAsync(
            new IssueExportRequest("run-2", projectId, "Demo Hospital", previous, _ => Task.FromResult<IReadOnlyDictionary<string, ManifestEntry>>(
                new Dictionary<string, ManifestEntry>())),
            CancellationToken.None);

        var after = Attachment((await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!, attachmentId);
        Assert.False(after.IsReferenced, $"deferred again: {after}");
        Assert.StartsWith(IssueLayout.AttachmentsRoot, after.BlobName, StringComparison.Ordinal);
        Assert.Equal((file.ServedLength, file.Sha256), (after.StoredBytes, after.Sha256));
        Assert.Equal((1, 0), (run2.IssuesRead, run2.AttachmentFailures));
    }

    [Fact]
    public async Task ExportAsync_CarriedAttachmentAnEarlierVersionCouldNotStore_IsStoredNow()
    {
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap);
        var (projectId, file, attachmentId, previous) = await ReferenceInRunOneAsync(host);

        // How a snapshot of an earlier version recorded a Docs file: an attachment failure, no reference.
        var old = previous with
        {
            Issues = [.. previous.Issues.Select(i => i with
            {
                Attachments = [.. i.Attachments.Select(a => a.Attachment.GetProperty("attachmentId").GetString() == attachmentId
                    ? new StoredAttachment(a.Attachment, null, null, null, "not stored: the attachment has no OSS storageUrn (a Docs file: see its versionUrn)")
                    : a)],
            })],
        };
        var stored = StoredByRunOne(projectId, file);

        var run2 = await host.Services.GetRequiredService<IssueExporter>().ExportAsync(
            new IssueExportRequest("run-2", projectId, "Demo Hospital", old, _ => Task.FromResult<IReadOnlyDictionary<string, ManifestEntry>>(
                new Dictionary<string, ManifestEntry> { [file.VersionId] = stored })),
            CancellationToken.None);

        var after = Attachment((await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!, attachmentId);
        Assert.True(after is { IsReferenced: true, Error: null } && after.BlobName == stored.BlobName, $"not stored: {after}");
        Assert.Equal((0, 0), (run2.IssuesRead, run2.AttachmentFailures));
    }

    /// <summary>Run 1 of the demo hospital with a Docs file attached at its tip to a live issue: a reference this run's file backup would store.</summary>
    private static async Task<(string ProjectId, AccEmulator.Control.TruthFile File, string AttachmentId, IssueSnapshot Previous)> ReferenceInRunOneAsync(ModulesHost host)
    {
        // No overlap: the issue, changed by the attachment just before run 1, is not read again by run 2 but carried.
        var projectId = host.ProjectId(1);
        var file = (await host.Emulator.Truth.GetFilesAsync()).First(f => f.ProjectId == projectId && f.HasStorage && !f.Hidden);
        string issueId;
        using (var issues = await host.Emulator.IssueTruth.GetAsync(projectId))
        {
            issueId = issues.RootElement.GetProperty("projects")[0].GetProperty("issues").EnumerateArray().Select(i => i.GetProperty("issue"))
                .First(i => !i.GetProperty("deleted").GetBoolean()).GetProperty("id").GetString()!;
        }

        var attachmentId = host.Emulator.IssueMutations.AttachDocsFile(issueId, file.VersionId).ChildId!;
        await host.Services.GetRequiredService<IssueExporter>().ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Hospital"), CancellationToken.None);
        var previous = (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        Assert.True(Attachment(previous, attachmentId).IsUnresolvedReference, "run 1 did not reference the file at its tip");
        return (projectId, file, attachmentId, previous);
    }

    [Fact]
    public async Task ExportAsync_SameRunTwice_ReturnsTheFirstSnapshotWithoutReadingAgain()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        var first = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Hospital"), CancellationToken.None);
        host.Emulator.ResetStats();

        var again = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Hospital"), CancellationToken.None);

        Assert.Equal(first with { IssuesRead = 0, AttachmentsCopied = 0 }, again);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Issues));
    }

    /// <summary>The manifest entry of <paramref name="file"/>'s version as a file backup of run 1 would have stored it.</summary>
    private static ManifestEntry StoredByRunOne(string projectId, AccEmulator.Control.TruthFile file) => new(
        projectId, "Demo Hospital", file.Path, file.ItemId, file.VersionId, file.VersionNumber, file.StorageSize,
        file.ServedLength, file.Sha256, "Demo Hospital/stored-by-run-1.bin", ManifestStatus.Copied, null);

    private static readonly Dictionary<string, string?> NoOverlap = new() { ["Issues:UpdatedOverlap"] = "00:00:00" };

    private static int Unresolved(IssueSnapshot snapshot) => snapshot.Issues.Sum(i => i.Attachments.Count(a => a.IsUnresolvedReference));

    private static StoredAttachment Attachment(IssueSnapshot snapshot, string attachmentId) =>
        snapshot.Issues.SelectMany(i => i.Attachments).Single(a => a.Attachment.GetProperty("attachmentId").GetString() == attachmentId);
}
