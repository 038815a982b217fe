using System.Text.Json;
using AccBackup.Durable.Orchestrations;
using AccBackup.Manifest;
using AccBackup.Modules.Forms;
using AccBackup.Modules.Rfis;
using AccBackup.Modules.Sheets;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>The orchestration keeps each project's modules through the ExportModule activity: night by night equal to the
/// emulator's truth, PDFs exported again only where a version set changed; a project the service account was removed from is
/// named in the coverage (its issues, RFIs and forms), the run CompletedWithErrors, its files and Sheets kept, the other projects' RFIs
/// equal to the truth.</summary>
public sealed class ModuleExportOrchestrationTests
{
    [Fact]
    public async Task BackupRun_ServiceAccountRemovedFromOneProject_SheetsOfEveryProjectKeptCoverageNamesTheProjectsIssues()
    {
        using var account = new TestServiceAccount("SSA-DURABLE-M", "durable-key-m");
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, account.Settings());
        using var truth = host.Emulator.SheetTruth.Get();
        var projects = truth.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var removed = projects[0].GetProperty("projectId").GetString()!;
        account.RegisterWith(host.Emulator,
            [.. projects.Skip(1).Select(p => p.GetProperty("projectId").GetString()!)]);

        var run = await host.RunAsync("modules-durable-1", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        Assert.Equal(("CompletedWithErrors", 4), (outcome.Status, outcome.ModuleGaps));
        Assert.Equal([("b." + removed, "forms", ModuleGapReason.NotMember), ("b." + removed, "issues", ModuleGapReason.NotMember),
            ("b." + removed, "photos", ModuleGapReason.NotMember), ("b." + removed, "rfis", ModuleGapReason.NotMember)],
            outcome.Coverage!.Select(g => (g.ProjectId, g.Module, g.Reason)));
        var summary = (await host.Manifests.ReadAsync("modules-durable-1", CancellationToken.None)).Summary;
        Assert.Equal((0L, 0), (summary.Failed, summary.FailedProjects.Count));
        Assert.True(summary.Copied > 0);
        var sheets = summary.Modules!.Modules.Single(m => m.Module == "sheets");
        Assert.Equal(projects.Count, sheets.Projects);
        Assert.Equal(projects.Sum(p => p.GetProperty("sheets").GetArrayLength()), sheets.Counts[SheetExporter.Counts.Sheets]);
        foreach (var project in projects)
        {
            await AssertEqualsTruthAsync(project, host, "modules-durable-1");
        }

        // The RFIs of every project the service account is still a member of, equal to the truth; none of the one it left.
        Assert.Equal(projects.Count - 1, summary.Modules.Modules.Single(m => m.Module == "rfis").Projects);
        using var rfis = await host.Emulator.RfiTruth.GetAsync();
        var files = (await host.Manifests.ReadAsync("modules-durable-1", CancellationToken.None)).StoredVersions();
        foreach (var project in rfis.RootElement.GetProperty("projects").EnumerateArray())
        {
            var snapshot = await RfiSnapshotReader.ReadAsync(host.Container, "modules-durable-1", project.GetProperty("projectId").GetString()!, CancellationToken.None);
            if (project.GetProperty("projectId").GetString() == removed)
            {
                Assert.Null(snapshot);
                continue;
            }

            var expected = project.GetProperty("rfis").EnumerateArray().Select(r => r.GetProperty("rfi")).ToList();
            Assert.Equal(expected.Count, snapshot!.Rfis.Count);
            Assert.All(expected.Zip(snapshot.Rfis), pair => Assert.True(JsonElement.DeepEquals(pair.First, pair.Second.Rfi), pair.Second.Rfi.ToString()));
            // A Docs file at its tip is referenced: its bytes are the run's own file backup's blob of that version.
            var attachments = project.GetProperty("rfis").EnumerateArray().SelectMany(r => r.GetProperty("attachments").EnumerateArray()).ToList();
            Assert.Equal(attachments.Count, snapshot.Rfis.Sum(r => r.Attachments.Count));
            foreach (var (attachment, stored) in attachments.Zip(snapshot.Rfis.SelectMany(r => r.Attachments)))
            {
                await TruthAssert.StoredBytesAsync(host.Container, stored.IsUnresolvedReference ? files[stored.ReferencedVersion!].BlobName! : stored.Stored!.BlobName,
                    attachment.GetProperty("sha256").GetString());
            }
        }

        // The forms likewise: every listed form of the projects it is still a member of, each form's and template's PDF by its hash.
        Assert.Equal(projects.Count - 1, summary.Modules.Modules.Single(m => m.Module == "forms").Projects);
        using var forms = await host.Emulator.FormTruth.GetAsync();
        foreach (var project in forms.RootElement.GetProperty("projects").EnumerateArray())
        {
            var snapshot = await FormSnapshotReader.ReadAsync(host.Container, "modules-durable-1", project.GetProperty("projectId").GetString()!, CancellationToken.None);
            if (project.GetProperty("projectId").GetString() == removed)
            {
                Assert.Null(snapshot);
                continue;
            }

            var expected = project.GetProperty("forms").EnumerateArray().ToList();
            Assert.Equal(expected.Select(f => f.GetProperty("form").GetProperty("id").GetString()), snapshot!.Forms.Select(f => f.Id));
            Assert.Equal(expected.Select(f => f.GetProperty("pdfSha256").GetString()), snapshot.Forms.Select(f => f.Pdf?.Sha256));
            Assert.Equal(project.GetProperty("templates").EnumerateArray().Select(t => t.GetProperty("pdfSha256").GetString()), snapshot.Templates.Select(t => t.Pdf?.Sha256));
        }
    }

    [Fact]
    public async Task BackupRun_TwoNightsWithASheetMarkedUp_SecondExportsOnlyThatVersionSetAndEachNightEqualsItsTruth()
    {
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        Assert.Equal(OrchestrationRuntimeStatus.Completed, (await host.RunAsync("modules-night-1", new BackupRunInput(new BackupRunRequest(), host.Settings))).RuntimeStatus);
        using var truth1 = host.Emulator.SheetTruth.Get();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var revision = projects[0].GetProperty("versionSets")[1];
        host.Emulator.SheetMutations.AddMarkup(Guid.Parse(revision.GetProperty("sheetIds")[0].GetString()!), "Clash with duct");
        host.Emulator.ResetStats();

        var night2 = await host.RunAsync("modules-night-2", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, night2.RuntimeStatus);
        Assert.Equal(("Succeeded", 0), (night2.ReadOutputAs<BackupRunOutcome>()!.Status, night2.ReadOutputAs<BackupRunOutcome>()!.ModuleGaps));
        Assert.Equal(3, host.Emulator.GetStats().Count(EndpointCategory.SheetsExports));
        using var truth2 = host.Emulator.SheetTruth.Get();
        foreach (var (now, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            await AssertEqualsTruthAsync(now, host, "modules-night-2");
            await AssertEqualsTruthAsync(before, host, "modules-night-1");
        }
    }

    private static async Task AssertEqualsTruthAsync(JsonElement truthProject, DurableBackupHost host, string runId)
    {
        var snapshot = await SheetSnapshotReader.ReadAsync(host.Container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        TruthAssert.SameRecordsById(truthProject.GetProperty("sheets"), snapshot.Sheets);
        foreach (var (truth, exported) in truthProject.GetProperty("versionSets").EnumerateArray().Zip(snapshot.VersionSets))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("versionSet"), exported.VersionSet));
            var sha256 = truth.GetProperty("pdfSha256").GetString();
            Assert.Equal(sha256, exported.Pdfs.SingleOrDefault()?.Sha256);
            if (sha256 is not null)
            {
                await TruthAssert.StoredBytesAsync(host.Container, exported.Pdfs[0].BlobName, sha256);
            }
        }
    }
}
