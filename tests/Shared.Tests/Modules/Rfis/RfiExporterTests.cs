using System.Text;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Modules;
using AccBackup.Modules.Rfis;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Modules.Rfis;

/// <summary>RFIs exported on the emulator and Azurite: equal to the truth night after night, only changed RFIs read after the
/// first night (calls counted), attachments copied once, a Docs file referenced to the file backup (no byte of it downloaded),
/// an RFI ACC no longer lists dropped at the full read.</summary>
public sealed class RfiExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthHiddenAndVoidRfisAndAttachmentBytesIncluded()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        using var truth = await host.Emulator.RfiTruth.GetAsync(projectId);
        var snapshot = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await RfiTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.Contains(snapshot.Rfis, r => r.Rfi.GetProperty("isHidden").GetBoolean());
        Assert.Equal(1L, counts[RfiExporter.Counts.Void]);
        Assert.Equal(4, snapshot.Rfis[0].Attachments.Select(a => a.Attachment.GetProperty("attachmentType").GetString()).Distinct().Count());
        Assert.Equal((long)snapshot.Rfis.Count, counts[RfiExporter.Counts.RfisRead]);
        Assert.Equal(counts[RfiExporter.Counts.Attachments], counts[RfiExporter.Counts.AttachmentsCopied] + counts[RfiExporter.Counts.AttachmentsReferenced]);
        // The demo's Docs files: one at its tip (referenced: none of its bytes downloaded), one older than its tip (copied, proven above).
        var docs = snapshot.Rfis.SelectMany(r => r.Attachments).Where(a => a.Attachment.TryGetProperty("versionUrn", out _)).ToList();
        Assert.True(counts[RfiExporter.Counts.AttachmentsReferenced] > 0, "no Docs file at its tip was referenced");
        Assert.Equal(docs.Count(a => a.IsReferenced), counts[RfiExporter.Counts.AttachmentsReferenced]);
        Assert.Contains(docs, a => a.Stored is not null && a.Attachment.GetProperty("versionUrn").GetString() != a.Attachment.GetProperty("tipVersionUrn").GetString());
        Assert.Equal(counts[RfiExporter.Counts.AttachmentsCopied], host.Emulator.GetStats().Count(EndpointCategory.Oss));
        Assert.True(counts[RfiExporter.Counts.Responses] > 0 && counts[RfiExporter.Counts.Comments] > 0, "the demo project lacks a case");

        await using var csv = await host.Container.OpenReadAsync(RfiLayout.Csv("run-1", projectId), null, null, CancellationToken.None);
        using var reader = new StreamReader(csv, Encoding.UTF8);
        var lines = (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(snapshot.Rfis.Count + 1, lines.Length);
        Assert.StartsWith("customIdentifier,title,status,priority,question,officialResponse,", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("001,", lines[1], StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExportAsync_SecondNightAfterChanges_ReadsOnlyTheChangedRfisAndEachNightEqualsItsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        var storedByRunOne = await RfiFileBackup.StoreReferencedAsync(host, (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!);
        using var truth1 = await host.Emulator.RfiTruth.GetAsync(projectId);
        var ids = RfiIds(truth1);
        host.Emulator.RfiMutations.Comment(ids[1], "Revised sketch attached.");
        host.Emulator.RfiMutations.Attach(ids[2], "rfiResponse", "IMG_7001.jpg", 12_345);
        var created = host.Emulator.RfiMutations.Create(projectId, "Stair nosing finish");
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1", storedByRunOne), CancellationToken.None);

        using var truth2 = await host.Emulator.RfiTruth.GetAsync(projectId);
        var night2 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        var night1 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await RfiTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], night2, host.Container);
        await RfiTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0], night1, host.Container);
        Assert.Equal((3L, 1L), (counts[RfiExporter.Counts.RfisRead], counts[RfiExporter.Counts.AttachmentsCopied]));
        Assert.NotNull(night2.UpdatedSince);
        // Run 1's references to its own file backup are settled to the blobs that backup stored, read again (RFI 2) or carried.
        Assert.All(night2.Rfis.SelectMany(r => r.Attachments).Where(a => a.IsReferenced), a => Assert.Equal(storedByRunOne[a.ReferencedVersion!].BlobName, a.Stored?.BlobName));
        Assert.Equal(storedByRunOne.Count, counts[RfiExporter.Counts.AttachmentsReferenced]);
        // One search page, then per changed RFI: itself, its attachments, and its comments when it counts any.
        var changed = truth2.RootElement.GetProperty("projects")[0].GetProperty("rfis").EnumerateArray().Select(r => r.GetProperty("rfi"))
            .Where(r => r.GetProperty("id").GetString() is { } id && (id == ids[1].ToString("D") || id == ids[2].ToString("D") || id == created.ToString("D")));
        var stats = host.Emulator.GetStats();
        Assert.Equal(1 + changed.Sum(r => r.GetProperty("commentsCount").GetInt32() > 0 ? 3 : 2), stats.Count(EndpointCategory.Rfis));
        Assert.Equal(1, stats.Count(EndpointCategory.Oss));
    }

    [Fact]
    public async Task ExportAsync_RfiPurged_CarriedByTheNightsThatReadChangesAndDroppedByTheFullRead()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        await using var host = await ModulesHost.StartAsync(new EmulatorOptions { TimeProvider = clock }, configure: s => s.AddSingleton<TimeProvider>(clock));
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        using var truth = await host.Emulator.RfiTruth.GetAsync(projectId);
        var purged = RfiIds(truth)[3];
        host.Emulator.RfiMutations.Purge(purged);

        clock.Advance(TimeSpan.FromDays(1));
        host.Emulator.ResetStats();
        await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);
        var night2Calls = host.Emulator.GetStats().Count(EndpointCategory.Rfis);
        clock.Advance(TimeSpan.FromDays(7));
        var counts = await Exporter(host).ExportAsync(Input("run-3", projectId, "run-2"), CancellationToken.None);

        var night2 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        var night3 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-3", projectId, CancellationToken.None))!;
        Assert.Contains(night2.Rfis, r => r.Id == purged.ToString("D"));
        Assert.DoesNotContain(night3.Rfis, r => r.Id == purged.ToString("D"));
        Assert.Equal((night2.FullReadAt, night3.ExportedAt, (DateTimeOffset?)null), (night2.ExportedAt.AddDays(-1), night3.FullReadAt, night3.UpdatedSince));
        Assert.Equal(1, night2Calls);
        Assert.Equal(0L, counts[RfiExporter.Counts.RfisRead]);
    }

    [Fact]
    public async Task ExportAsync_SameRunTwice_ReturnsWhatTheFirstWroteWithoutCallingAps()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        var first = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        host.Emulator.ResetStats();

        var second = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        Assert.Equal(first[RfiExporter.Counts.Rfis], second[RfiExporter.Counts.Rfis]);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Rfis));
    }

    [Fact]
    public async Task ExportAsync_DocsFileAttachedAtItsTip_ReferencedAndNoByteOfItDownloaded()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        var file = (await host.Emulator.Truth.GetFilesAsync()).First(f => f.ProjectId == projectId && f.HasStorage && !f.Hidden);
        using (var truth = await host.Emulator.RfiTruth.GetAsync(projectId))
        {
            host.Emulator.RfiMutations.AttachDocsFile(RfiIds(truth)[0], "rfiResponse", file.VersionId);
        }

        host.Emulator.ResetStats();
        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        var snapshot = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var attached = snapshot.Rfis[0].Attachments.Single(a => a.Attachment.TryGetProperty("versionUrn", out var urn) && urn.GetString() == file.VersionId);
        Assert.True(attached is { IsUnresolvedReference: true, Stored: null, Error: null }, $"not a reference: {attached}");
        Assert.Equal(file.VersionId, attached.ReferencedVersion);
        // Every download is an attachment copied: none for the Docs files referenced.
        Assert.True(counts[RfiExporter.Counts.AttachmentsReferenced] >= 1);
        Assert.Equal(counts[RfiExporter.Counts.AttachmentsCopied], host.Emulator.GetStats().Count(EndpointCategory.Oss));
        Assert.Equal(counts[RfiExporter.Counts.Attachments], counts[RfiExporter.Counts.AttachmentsCopied] + counts[RfiExporter.Counts.AttachmentsReferenced]);
        using var truth1 = await host.Emulator.RfiTruth.GetAsync(projectId);
        await RfiTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0], snapshot, host.Container);
    }

    [Fact]
    public async Task ExportAsync_CarriedReferenceTheRunBeforeStored_PointsAtThatBlobWithoutDownloading()
    {
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap);
        var projectId = host.ProjectId(1);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        var run1 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var stored = await RfiFileBackup.StoreReferencedAsync(host, run1);
        Assert.NotEmpty(stored);
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1", stored), CancellationToken.None);

        var run2 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        var settled = run2.Rfis.SelectMany(r => r.Attachments).Where(a => a.IsReferenced).ToList();
        Assert.Equal(stored.Count, settled.Count);
        Assert.All(settled, a => Assert.Equal((stored[a.ReferencedVersion!].BlobName, stored[a.ReferencedVersion!].StoredSize), (a.Stored?.BlobName, a.Stored?.Bytes)));
        Assert.Equal((0L, 0L, 0), (counts[RfiExporter.Counts.RfisRead], counts[RfiExporter.Counts.AttachmentsCopied], host.Emulator.GetStats().Count(EndpointCategory.Oss)));
        using var truth = await host.Emulator.RfiTruth.GetAsync(projectId);
        await RfiTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], run2, host.Container);
    }

    [Fact]
    public async Task ExportAsync_CarriedReferenceNoRunStored_CopiesTheVersionsBytes()
    {
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap);
        var projectId = host.ProjectId(1);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        var run1 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var deferred = run1.Rfis.SelectMany(r => r.Attachments).Count(a => a.IsUnresolvedReference);
        Assert.True(deferred > 0, "the demo hospital has no Docs file at its tip");

        // The run before stored no such version (its file backup failed, or the file moved on before it was listed).
        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1", []), CancellationToken.None);

        var run2 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        Assert.DoesNotContain(run2.Rfis.SelectMany(r => r.Attachments), a => a.IsReferenced);
        Assert.Equal(((long)deferred, 0L, 0L), (counts[RfiExporter.Counts.AttachmentsCopied], counts[RfiExporter.Counts.AttachmentsReferenced], counts[RfiExporter.Counts.AttachmentFailures]));
        using var truth = await host.Emulator.RfiTruth.GetAsync(projectId);
        await RfiTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], run2, host.Container);
    }

    [Fact]
    public async Task ExportAsync_CarriedDocsAttachmentWithoutStorageUrnNotStored_StoredNowFromTheStorageDataManagementNames()
    {
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap);
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        var run1 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var docs = run1.Rfis.SelectMany(r => r.Attachments).First(a => a.Attachment.TryGetProperty("versionUrn", out _) && a.Stored is not null);

        // A listing whose Docs file names no storageUrn, and that could not be stored then: the run before recorded why.
        var listed = System.Text.Json.Nodes.JsonNode.Parse(docs.Attachment.GetRawText())!.AsObject();
        listed.Remove("storageUrn");
        var bare = new RfiAttachmentRecord(JsonSerializer.SerializeToElement(listed), null, "not stored: the attachment has no OSS storageUrn");
        var run0 = run1 with
        {
            RunId = "run-0",
            Rfis = [.. run1.Rfis.Select(r => r with { Attachments = [.. r.Attachments.Select(a => a.Id == docs.Id ? bare : a)] })],
        };
        await host.Container.UploadAsync(RfiLayout.Snapshot("run-0", projectId), JsonSerializer.SerializeToUtf8Bytes(run0, RfiJsonContext.Default.RfiSnapshot),
            new Azure.Storage.Blobs.Models.BlobUploadOptions { Conditions = AccBackup.Storage.BlobContainer.CreateOnly }, CancellationToken.None);

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-0", []), CancellationToken.None);

        var after = (await RfiSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!.Rfis.SelectMany(r => r.Attachments).Single(a => a.Id == docs.Id);
        Assert.True(after is { Error: null, Stored: not null }, $"not stored: {after.Error}");
        Assert.Equal(docs.Stored!.Sha256, after.Stored.Sha256);
        await TruthAssert.StoredBytesAsync(host.Container, after.Stored.BlobName, after.Stored.Sha256);
        Assert.Equal((0L, 0L), (counts[RfiExporter.Counts.RfisRead], counts[RfiExporter.Counts.AttachmentFailures]));
    }

    private static readonly Dictionary<string, string?> NoOverlap = new() { ["Rfis:UpdatedOverlap"] = "00:00:00" };

    private static ModuleExportInput Input(string runId, string projectId, string? baseRunId, Dictionary<string, ManifestEntry>? stored = null) =>
        new(ModuleNames.Rfis, runId, projectId, "Demo Tower", baseRunId)
        {
            StoredVersions = stored is null ? null : _ => Task.FromResult<IReadOnlyDictionary<string, ManifestEntry>>(stored),
        };

    private static List<Guid> RfiIds(JsonDocument truth) =>
        [.. truth.RootElement.GetProperty("projects")[0].GetProperty("rfis").EnumerateArray().Select(r => Guid.Parse(r.GetProperty("rfi").GetProperty("id").GetString()!))];

    private static RfiExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<RfiExporter>().Single();
}
