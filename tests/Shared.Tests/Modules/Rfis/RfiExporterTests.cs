using System.Text;
using System.Text.Json;
using AccBackup.Modules;
using AccBackup.Modules.Rfis;
using AccEmulator;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Modules.Rfis;

/// <summary>RFIs exported on the emulator and Azurite: equal to the truth night after night, only changed RFIs read after the
/// first night (calls counted), attachments copied once, an RFI ACC no longer lists dropped at the full read.</summary>
public sealed class RfiExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthHiddenAndVoidRfisAndAttachmentBytesIncluded()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);

        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        using var truth = await host.Emulator.RfiTruth.GetAsync(projectId);
        var snapshot = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await RfiTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.Contains(snapshot.Rfis, r => r.Rfi.GetProperty("isHidden").GetBoolean());
        Assert.Equal(1L, counts[RfiExporter.Counts.Void]);
        Assert.Equal(4, snapshot.Rfis[0].Attachments.Select(a => a.Attachment.GetProperty("attachmentType").GetString()).Distinct().Count());
        Assert.Equal((long)snapshot.Rfis.Count, counts[RfiExporter.Counts.RfisRead]);
        Assert.Equal(counts[RfiExporter.Counts.Attachments], counts[RfiExporter.Counts.AttachmentsCopied]);
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
        using var truth1 = await host.Emulator.RfiTruth.GetAsync(projectId);
        var ids = RfiIds(truth1);
        host.Emulator.RfiMutations.Comment(ids[1], "Revised sketch attached.");
        host.Emulator.RfiMutations.Attach(ids[2], "rfiResponse", "IMG_7001.jpg", 12_345);
        var created = host.Emulator.RfiMutations.Create(projectId, "Stair nosing finish");
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        using var truth2 = await host.Emulator.RfiTruth.GetAsync(projectId);
        var night2 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        var night1 = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await RfiTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], night2, host.Container);
        await RfiTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0], night1, host.Container);
        Assert.Equal((3L, 1L), (counts[RfiExporter.Counts.RfisRead], counts[RfiExporter.Counts.AttachmentsCopied]));
        Assert.NotNull(night2.UpdatedSince);
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

    private static ModuleExportInput Input(string runId, string projectId, string? baseRunId) => new(ModuleNames.Rfis, runId, projectId, "Demo Tower", baseRunId);

    private static List<Guid> RfiIds(JsonDocument truth) =>
        [.. truth.RootElement.GetProperty("projects")[0].GetProperty("rfis").EnumerateArray().Select(r => Guid.Parse(r.GetProperty("rfi").GetProperty("id").GetString()!))];

    private static RfiExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<RfiExporter>().Single();
}
