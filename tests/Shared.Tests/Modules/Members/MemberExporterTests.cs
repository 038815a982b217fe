using System.Text;
using System.Text.Json;
using AccBackup.Modules;
using AccBackup.Modules.Members;
using AccBackup.Testing;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Members;

/// <summary>Members exported on the emulator and Azurite: equal to the truth (removed members too), a CSV row each, written once.</summary>
public sealed class MemberExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthRemovedMembersIncluded()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);

        var counts = await Exporter(host).ExportAsync(new ModuleExportInput(ModuleNames.Members, "run-1", projectId, "Demo Tower", null), CancellationToken.None);

        using var truth = host.Emulator.MemberTruth.Get(projectId);
        var expected = truth.RootElement.GetProperty("projects")[0].GetProperty("members").EnumerateArray().ToList();
        var snapshot = await MemberSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None);
        Assert.NotNull(snapshot);
        TruthAssert.SameRecordsById(truth.RootElement.GetProperty("projects")[0].GetProperty("members"), snapshot.Members);
        Assert.Equal((expected.Count, 1L), (counts[MemberExporter.Counts.Members], counts[MemberExporter.Counts.Removed]));
        Assert.Contains(snapshot.Members, m => m.GetProperty("status").GetString() == "pending");

        await using var csv = await host.Container.OpenReadAsync(MemberLayout.Csv("run-1", projectId), null, null, CancellationToken.None);
        using var reader = new StreamReader(csv, Encoding.UTF8);
        var lines = (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(expected.Count + 1, lines.Length);
        Assert.StartsWith("name,email,companyName,roles,projectAdmin,status,", lines[0], StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExportAsync_AfterAMemberIsRemoved_TheNextNightListsItRemovedAndTheFirstStillActive()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(new ModuleExportInput(ModuleNames.Members, "run-1", projectId, "Demo Tower", null), CancellationToken.None);
        var night1 = (await MemberSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var active = night1.Members.First(m => m.GetProperty("status").GetString() == "active").GetProperty("id").GetString()!;
        host.Emulator.MemberMutations.Remove(Guid.Parse(active));
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(new ModuleExportInput(ModuleNames.Members, "run-2", projectId, "Demo Tower", "run-1"), CancellationToken.None);

        var night2 = (await MemberSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        Assert.Equal("deleted", night2.Members.Single(m => m.GetProperty("id").GetString() == active).GetProperty("status").GetString());
        Assert.Equal("active", night1.Members.Single(m => m.GetProperty("id").GetString() == active).GetProperty("status").GetString());
        Assert.Equal(2L, counts[MemberExporter.Counts.Removed]);
        // No updated-since filter: both passes read whole, one page each.
        Assert.Equal(2, host.Emulator.GetStats().Count(EndpointCategory.ProjectUsers));
    }

    private static MemberExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<MemberExporter>().Single();
}
