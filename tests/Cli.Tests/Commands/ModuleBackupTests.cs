using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Modules.Rfis;
using AccBackup.Modules.Sheets;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>acc-backup run</c> keeping the modules beside the files on the emulator: each night's Sheets equal to its truth
/// (PDFs by SHA-256, exported again only where a version set changed) and its members, each night's RFIs (only changed ones read), <c>restore --modules sheets,members</c> and
/// <c>rfis</c>, the coverage of a project the service account was removed from (exit 2, files and Sheets kept, its issues and RFIs named), a faulted module failing alone, and Backup:Modules.</summary>
public sealed class ModuleBackupTests
{
    private const string ServiceAccountId = "SSA-CLI-MODULES";
    private const string KeyId = "cli-modules-key";

    [Fact]
    public async Task Run_TwoNightsWithSheetChanges_EachNightEqualsItsTruthOnlyChangedPdfsExportedAndRestoreWritesNightOne()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");
        Assert.True(night1.ExitCode == 0, night1.ToString());
        Assert.Contains("Sheets (projects)", night1.Output, StringComparison.Ordinal);
        using var truth1 = emulator.SheetTruth.Get();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var summary1 = (await ManifestAsync(environment, "night-1")).Summary;
        var sheets1 = summary1.Modules!.Modules.Single(m => m.Module == "sheets");
        Assert.Equal(("sheets", projects.Count), (sheets1.Module, sheets1.Projects));
        Assert.Equal(projects.Sum(p => p.GetProperty("sheets").GetArrayLength()), sheets1.Counts[SheetExporter.Counts.Sheets]);
        Assert.Empty(summary1.Modules.Coverage);
        foreach (var project in projects)
        {
            await AssertEqualsTruthAsync(project, container, "night-1");
        }

        var tower = projects[0];
        var sets = tower.GetProperty("versionSets").EnumerateArray().ToList();
        emulator.SheetMutations.AddMarkup(Guid.Parse(sets[1].GetProperty("sheetIds")[0].GetString()!), "Slab edge moved");
        emulator.SheetMutations.RenameSheet(Guid.Parse(sets[2].GetProperty("sheetIds")[0].GetString()!), "Foundation plan (revised)");
        emulator.ResetStats();

        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2", "--json");
        Assert.True(night2.ExitCode == 0, night2.ToString());
        var stats = emulator.GetStats();
        using var truth2 = emulator.SheetTruth.Get();
        foreach (var (now, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            await AssertEqualsTruthAsync(now, container, "night-2");
            await AssertEqualsTruthAsync(before, container, "night-1");
        }

        // Two version sets changed: one export (a POST and two polls) each; every other PDF carried from night 1.
        Assert.Equal(2 * 3, stats.Count(EndpointCategory.SheetsExports));
        using var json2 = JsonDocument.Parse(night2.Output);
        var counts2 = json2.RootElement.GetProperty("summary").GetProperty("modules").GetProperty("modules")[0].GetProperty("counts");
        Assert.Equal(2, counts2.GetProperty(SheetExporter.Counts.PdfsExported).GetInt32());

        var target = Directory.CreateTempSubdirectory("acc-backup-sheets-").FullName;
        var restored = await CliHarness.InvokeAsync(environment, "restore", "--run", "night-1", "--modules", "sheets,members", "--to", target, "--json");

        Assert.True(restored.ExitCode == 0, restored.ToString());
        var pdfs = Directory.GetFiles(target, "*.pdf", SearchOption.AllDirectories).Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f))));
        var expected = projects.SelectMany(p => p.GetProperty("versionSets").EnumerateArray()).Select(v => v.GetProperty("pdfSha256").GetString()).OfType<string>();
        Assert.Equal(expected.Order(StringComparer.Ordinal), pdfs.Order(StringComparer.Ordinal));
        Assert.Equal(projects.Count * 2, Directory.GetFiles(target, "sheets.*", SearchOption.AllDirectories).Length);
        using var members = emulator.MemberTruth.Get();
        foreach (var project in members.RootElement.GetProperty("projects").EnumerateArray())
        {
            var stored = await AccBackup.Modules.Members.MemberSnapshotReader.ReadAsync(container, "night-1", project.GetProperty("projectId").GetString()!, CancellationToken.None);
            Assert.Equal(project.GetProperty("members").GetArrayLength(), stored!.Members.Count);
        }

        Assert.Equal(members.RootElement.GetProperty("projects").GetArrayLength(), Directory.GetFiles(target, "members.json", SearchOption.AllDirectories).Length);
        Directory.Delete(target, recursive: true);
    }

    [Fact]
    public async Task Run_ServiceAccountRemovedFromOneProject_FilesAndSheetsKeptCoverageNamesItsIssuesExitTwo()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var key = RSA.Create(2048);
        using var truth = emulator.SheetTruth.Get();
        var projects = truth.RootElement.GetProperty("projects").EnumerateArray().Select(p => p.GetProperty("projectId").GetString()!).ToList();
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, key.ExportSubjectPublicKeyInfoPem(), projects.Skip(1).ToList()));
        var environment = await EnvironmentAsync(emulator, key);
        using var container = CliHarness.ContainerFor(environment);

        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.True(run.ExitCode == ExitCodes.Incomplete, run.ToString());
        Assert.Contains("Project modules not read", run.Output, StringComparison.Ordinal);
        var summary = (await ManifestAsync(environment, "night-1")).Summary;
        Assert.Equal("CompletedWithErrors", summary.Status);
        Assert.Equal((0L, 0), (summary.Failed, summary.FailedProjects.Count));
        Assert.True(summary.Copied > 0);
        // Every module that reads as the service account names the project; Sheets and Members (the app's token) read it.
        Assert.Equal([("b." + projects[0], "forms", ModuleGapReason.NotMember), ("b." + projects[0], "issues", ModuleGapReason.NotMember),
            ("b." + projects[0], "photos", ModuleGapReason.NotMember), ("b." + projects[0], "rfis", ModuleGapReason.NotMember)],
            summary.Modules!.Coverage.Select(g => (g.ProjectId, g.Module, g.Reason)));
        Assert.Equal(projects.Count, summary.Modules.Modules.Single(m => m.Module == "sheets").Projects);
        Assert.Equal(projects.Count - 1, summary.Modules.Modules.Single(m => m.Module == "rfis").Projects);
        Assert.Equal(projects.Count - 1, summary.Modules.Modules.Single(m => m.Module == "forms").Projects);
        await AssertEqualsTruthAsync(truth.RootElement.GetProperty("projects")[0], container, "night-1");
    }

    [Fact]
    public async Task Run_TwoNightsWithRfiChanges_EachNightEqualsItsTruthOnlyChangedRfisReadAndRestoreWritesNightOne()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var key = RSA.Create(2048);
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, key.ExportSubjectPublicKeyInfoPem()));
        var environment = await EnvironmentAsync(emulator, key);
        environment["Backup__Modules"] = "files,rfis";
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");
        Assert.True(night1.ExitCode == 0, night1.ToString());
        using var truth1 = await emulator.RfiTruth.GetAsync();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var rfis1 = (await ManifestAsync(environment, "night-1")).Summary.Modules!.Modules.Single();
        Assert.Equal(("rfis", projects.Count), (rfis1.Module, rfis1.Projects));
        Assert.Equal(projects.Sum(p => p.GetProperty("rfis").GetArrayLength()), rfis1.Counts[RfiExporter.Counts.Rfis]);
        var tower = projects[0].GetProperty("rfis").EnumerateArray().Select(r => Guid.Parse(r.GetProperty("rfi").GetProperty("id").GetString()!)).ToList();
        emulator.RfiMutations.Answer(tower[1], "Use the 300 mm beam.");
        emulator.RfiMutations.Attach(tower[3], "rfiOfficialResponse", "SK-301.pdf", 20_000);
        emulator.ResetStats();

        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        var counts2 = (await ManifestAsync(environment, "night-2")).Summary.Modules!.Modules.Single().Counts;
        Assert.Equal((2L, 1L), (counts2[RfiExporter.Counts.RfisRead], counts2[RfiExporter.Counts.AttachmentsCopied]));
        // Per project one search page; per changed RFI itself, its attachments and (it has some) its comments.
        Assert.InRange(emulator.GetStats().Count(EndpointCategory.Rfis), projects.Count + 4, projects.Count + 6);
        using var truth2 = await emulator.RfiTruth.GetAsync();
        var files1 = (await ManifestAsync(environment, "night-1")).StoredVersions();
        var files2 = (await ManifestAsync(environment, "night-2")).StoredVersions();
        foreach (var (now, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            await AssertRfisEqualTruthAsync(now, container, "night-2", files2);
            await AssertRfisEqualTruthAsync(before, container, "night-1", files1);
        }

        // Night 1's Docs files at their tip were referenced, not copied; night 2 settled them to the blobs night 1's file backup stored.
        Assert.True(rfis1.Counts[RfiExporter.Counts.AttachmentsReferenced] > 0, "no RFI attachment was a Docs file at its tip");
        Assert.Equal(rfis1.Counts[RfiExporter.Counts.Attachments], rfis1.Counts[RfiExporter.Counts.AttachmentsCopied] + rfis1.Counts[RfiExporter.Counts.AttachmentsReferenced]);
        Assert.Equal(rfis1.Counts[RfiExporter.Counts.AttachmentsReferenced], counts2[RfiExporter.Counts.AttachmentsReferenced]);

        var target = Directory.CreateTempSubdirectory("acc-backup-rfis-").FullName;
        var restored = await CliHarness.InvokeAsync(environment, "restore", "--run", "night-1", "--modules", "rfis", "--to", target, "--json");

        Assert.True(restored.ExitCode == 0, restored.ToString());
        var written = Directory.GetFiles(target, "*", SearchOption.AllDirectories).Where(f => f.Contains("attachments", StringComparison.Ordinal))
            .Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f))));
        var expected = projects.SelectMany(p => p.GetProperty("rfis").EnumerateArray()).SelectMany(r => r.GetProperty("attachments").EnumerateArray())
            .Select(a => a.GetProperty("sha256").GetString()!);
        Assert.Equal(expected.Order(StringComparer.Ordinal), written.Order(StringComparer.Ordinal));
        // A project without RFIs has its snapshot too: the night read it and found none.
        Assert.Equal(projects.Count, Directory.GetFiles(target, "rfis.csv", SearchOption.AllDirectories).Length);
        Directory.Delete(target, recursive: true);
    }

    [Fact]
    public async Task Run_SheetsFaultedOneNight_SheetsFailAloneAndTheNextNightFillsThem()
    {
        var faults = FaultOptions.None.With(EndpointCategory.SheetsVersionSets, new EndpointFaults { ServerErrorRate = 1 });
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled, Faults = faults });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Aps__Retry__MaxDuration"] = "00:00:02";
        environment["Aps__Retry__MaxDelay"] = "00:00:00.200";
        environment["Aps__Retry__BaseDelay"] = "00:00:00.050";
        environment["Aps__Retry__WarnAfter"] = "00:00:01";
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.True(night1.ExitCode == ExitCodes.Incomplete, night1.ToString());
        var summary1 = (await ManifestAsync(environment, "night-1")).Summary;
        Assert.Equal((0L, 0), (summary1.Failed, summary1.FailedProjects.Count));
        Assert.True(summary1.Copied > 0);
        Assert.Equal(summary1.Projects, summary1.Modules!.Coverage.Count);
        Assert.All(summary1.Modules.Coverage, g => Assert.Equal(("sheets", ModuleGapReason.Failed), (g.Module, g.Reason)));

        emulator.Faults = FaultOptions.None;
        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        using var truth = emulator.SheetTruth.Get();
        foreach (var project in truth.RootElement.GetProperty("projects").EnumerateArray())
        {
            await AssertEqualsTruthAsync(project, container, "night-2");
        }
    }

    [Fact]
    public async Task Run_BackupModulesNamesAnUnknownModule_ExitsOneNamingTheSetting()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Backup__Modules"] = "files,sheets,drawings";

        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.Equal(ExitCodes.Fatal, run.ExitCode);
        Assert.Contains("Backup:Modules names 'drawings'", run.Error, StringComparison.Ordinal);
        Assert.Equal(0, emulator.GetStats().Count(EndpointCategory.Projects));
    }

    [Fact]
    public async Task Run_BackupModulesFilesOnly_ReadsNoSheets()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Backup__Modules"] = "files";

        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.Null((await ManifestAsync(environment, "night-1")).Summary.Modules);
        Assert.Equal(0, emulator.GetStats().Count(EndpointCategory.SheetsSheets));
    }

    /// <summary>The night's snapshot of a project: collections, version sets and sheets field by field, each PDF by SHA-256 of its blob.</summary>
    private static async Task AssertEqualsTruthAsync(JsonElement truthProject, BlobContainer container, string runId)
    {
        var snapshot = await SheetSnapshotReader.ReadAsync(container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        Assert.Equal(truthProject.GetProperty("collections").GetArrayLength(), snapshot.Collections.Count);
        TruthAssert.SameRecordsById(truthProject.GetProperty("sheets"), snapshot.Sheets);
        var sets = truthProject.GetProperty("versionSets").EnumerateArray().ToList();
        Assert.Equal(sets.Count, snapshot.VersionSets.Count);
        foreach (var (truth, exported) in sets.Zip(snapshot.VersionSets))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("versionSet"), exported.VersionSet));
            var sha256 = truth.GetProperty("pdfSha256").GetString();
            Assert.Equal(sha256, exported.Pdfs.SingleOrDefault()?.Sha256);
            if (sha256 is not null)
            {
                await TruthAssert.StoredBytesAsync(container, exported.Pdfs[0].BlobName, sha256);
            }
        }
    }

    /// <summary>The night's RFI snapshot of a project: every RFI whole, its comments, each attachment by SHA-256 of its blob; a
    /// referenced Docs file by its blob in <paramref name="files"/> (the night's manifest) or the one the snapshot names.</summary>
    private static async Task AssertRfisEqualTruthAsync(JsonElement truthProject, BlobContainer container, string runId, Dictionary<string, ManifestEntry> files)
    {
        var snapshot = await RfiSnapshotReader.ReadAsync(container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        var rfis = truthProject.GetProperty("rfis").EnumerateArray().ToList();
        Assert.Equal(rfis.Count, snapshot.Rfis.Count);
        foreach (var (truth, exported) in rfis.Zip(snapshot.Rfis))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("rfi"), exported.Rfi), exported.Rfi.ToString());
            Assert.Equal(truth.GetProperty("comments").GetArrayLength(), exported.Comments.Count);
            var attachments = truth.GetProperty("attachments").EnumerateArray().ToList();
            Assert.Equal(attachments.Count, exported.Attachments.Count);
            foreach (var (attachment, stored) in attachments.Zip(exported.Attachments))
            {
                // A Docs file at its tip is the night's own file backup's blob of that version (a later night names the blob itself).
                var blobName = stored.IsUnresolvedReference ? files[stored.ReferencedVersion!].BlobName! : stored.Stored!.BlobName;
                Assert.Equal(attachment.GetProperty("sha256").GetString(), stored.Stored?.Sha256 ?? attachment.GetProperty("sha256").GetString());
                await TruthAssert.StoredBytesAsync(container, blobName, attachment.GetProperty("sha256").GetString());
            }
        }
    }

    private static async Task<Dictionary<string, string?>> EnvironmentAsync(EmulatorServer emulator, RSA key)
    {
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Issues__ServiceAccountId"] = ServiceAccountId;
        environment["Issues__KeyId"] = KeyId;
        environment["Issues__PrivateKey"] = key.ExportRSAPrivateKeyPem();
        return environment;
    }

    private static async Task<RunManifest> ManifestAsync(Dictionary<string, string?> environment, string runId)
    {
        var (reader, clients) = CliHarness.ReaderFor(environment);
        using (clients)
        {
            return await reader.ReadAsync(runId, CancellationToken.None);
        }
    }
}
