using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>acc-backup run</c> with and without the Issues settings on the emulator: each project's issues exported beside its
/// files (incremental from the latest run), a refused service account recorded per project (exit 2, files unaffected), and
/// without settings one "issues not configured" line and exit 0.</summary>
public sealed class IssueBackupTests
{
    private const string ServiceAccountId = "SSA-CLI-1";
    private const string KeyId = "cli-key-1";

    [Fact]
    public async Task Run_WithIssuesSettings_EachRunEqualsItsTruthTheSecondReadsOnlyWhatChangedAndLeavesOutAPurgedIssue()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var key = RegisterServiceAccount(emulator);
        var environment = await EnvironmentAsync(emulator, key);
        using var container = CliHarness.ContainerFor(environment);

        var run1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");
        Assert.True(run1.ExitCode == 0, run1.ToString());
        Assert.Contains("attachments not stored", run1.Output, StringComparison.Ordinal);
        Assert.Contains("Docs files referenced", run1.Output, StringComparison.Ordinal);
        Assert.Contains("no longer listed", run1.Output, StringComparison.Ordinal);
        var requestsRun1 = emulator.GetStats().Count(EndpointCategory.Issues);
        using var truth1 = await emulator.IssueTruth.GetAsync();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var manifest1 = await ManifestAsync(environment, "night-1");
        var summary1 = manifest1.Summary;
        Assert.Equal(0, summary1.Failed);
        Assert.NotNull(summary1.Issues);
        Assert.Equal((summary1.Projects, Count(projects, "issues"), 0), (summary1.Issues.Projects, summary1.Issues.Issues, summary1.Issues.FailedProjects.Count));
        Assert.Equal(projects.Sum(p => p.GetProperty("issues").EnumerateArray().Sum(i => i.GetProperty("attachments").GetArrayLength())), summary1.Issues.Attachments);
        var referenced = 0;
        foreach (var project in projects)
        {
            var snapshot = await SnapshotAsync(container, "night-1", project);
            AssertEqualsTruth(project, snapshot, manifest1);
            referenced += snapshot.Issues.Sum(i => i.Attachments.Count(a => a.IsReferenced));
        }

        // The demo's Docs files at their tip are the file backup's bytes: referenced, none a failure.
        Assert.True(referenced > 0, "night 1 referenced no Docs file");
        Assert.Equal((referenced, 0L), (summary1.Issues.AttachmentsReferenced, summary1.Issues.AttachmentFailures));

        // Changes in one project between the nights: night 2 reads only the changed issues, from night 1's snapshot. One issue is
        // purged and one created: the undeleted total is night 1's, yet night 2 leaves the purged one out (night 1 keeps it).
        var tower = projects.MaxBy(p => p.GetProperty("issues").GetArrayLength());
        var towerNight1 = await SnapshotAsync(container, "night-1", tower);
        var live = towerNight1.Issues.Where(i => !i.Deleted).Select(i => i.Id).ToList();
        emulator.IssueMutations.UpdateIssue(live[0], title: "Re-inspected");
        emulator.IssueMutations.DeleteIssue(live[1]);
        emulator.IssueMutations.AddComment(live[2], "Fixed.");
        emulator.IssueMutations.AddAttachment(live[2], "after.jpg", 120_000);
        emulator.IssueMutations.PurgeIssue(live[3]);
        emulator.IssueMutations.CreateIssue(tower.GetProperty("projectId").GetString()!, "Water ingress at level 3");
        emulator.ResetStats();

        var run2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2", "--json");
        Assert.True(run2.ExitCode == 0, run2.ToString());
        var requestsRun2 = emulator.GetStats().Count(EndpointCategory.Issues);
        using var truth2 = await emulator.IssueTruth.GetAsync();
        var manifest2 = await ManifestAsync(environment, "night-2");
        foreach (var (project, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            var snapshot = await SnapshotAsync(container, "night-2", project);
            Assert.Equal("night-1", snapshot.BasedOnRunId);
            Assert.NotNull(snapshot.UpdatedSince);
            AssertEqualsTruth(project, snapshot, manifest2);
            AssertEqualsTruth(before, await SnapshotAsync(container, "night-1", before), manifest1);
        }

        var summary2 = manifest2.Summary;
        var purged = towerNight1.Issues.Single(i => i.Id == live[3]);
        Assert.Equal([live[3]], (await SnapshotAsync(container, "night-2", tower)).VanishedIssueIds);
        Assert.Equal((summary1.Issues.Issues, summary1.Issues.DeletedIssues + 1, 1L), (summary2.Issues!.Issues, summary2.Issues.DeletedIssues, summary2.Issues.VanishedIssues));
        Assert.Equal(summary1.Issues.Attachments + 1 - purged.Attachments.Count, summary2.Issues.Attachments);
        using var json2 = JsonDocument.Parse(run2.Output);
        Assert.Equal(1, json2.RootElement.GetProperty("summary").GetProperty("issues").GetProperty("vanishedIssues").GetInt32());
        // Per project its settings (4), each pass's total (2) and two updatedAt passes (2); the tower's undeleted pass listed in
        // full (1 page: its records count one more than its total); then per changed issue (4, the new one without comments)
        // its attachments, and its comments if any.
        Assert.InRange(requestsRun2, (projects.Count * 8) + 1 + 4, (projects.Count * 8) + 1 + 4 + 3);
        Assert.True(requestsRun2 < requestsRun1, $"night 2 made {requestsRun2} Issues requests, night 1 {requestsRun1}");
    }

    [Fact]
    public async Task RestoreIssues_AfterARun_WritesEachProjectsJsonCsvAndAttachmentsWithTheTruthsBytes()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var key = RegisterServiceAccount(emulator);
        var environment = await EnvironmentAsync(emulator, key);
        using var container = CliHarness.ContainerFor(environment);
        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1", "--json");
        Assert.True(run.ExitCode == 0, run.ToString());
        var target = Directory.CreateTempSubdirectory("acc-backup-issues-").FullName;

        var restored = await CliHarness.InvokeAsync(environment, "restore", "--run", "latest", "--issues", "--to", target, "--json");

        Assert.True(restored.ExitCode == 0, restored.ToString());
        using var truth = await emulator.IssueTruth.GetAsync();
        var expected = 0;
        var referenced = 0;
        foreach (var project in truth.RootElement.GetProperty("projects").EnumerateArray())
        {
            var snapshot = await SnapshotAsync(container, "night-1", project);
            referenced += snapshot.Issues.Sum(i => i.Attachments.Count(a => a.IsReferenced));
            var folder = Path.Combine(target, Backup.Naming.BlobPathBuilder.Segment(snapshot.ProjectName), "Issues");
            await using (var json = await container.OpenReadAsync(IssueLayout.Snapshot("night-1", snapshot.ProjectId), null, null, CancellationToken.None))
            {
                using var stored = new MemoryStream();
                await json.CopyToAsync(stored);
                Assert.Equal(stored.ToArray(), await File.ReadAllBytesAsync(Path.Combine(folder, "issues.json")));
            }

            Assert.True(File.Exists(Path.Combine(folder, "issues.csv")));
            var attachments = Directory.Exists(Path.Combine(folder, "attachments"))
                ? Directory.GetFiles(Path.Combine(folder, "attachments"), "*", SearchOption.AllDirectories)
                : [];
            var truthHashes = project.GetProperty("issues").EnumerateArray()
                .SelectMany(i => i.GetProperty("attachments").EnumerateArray().Select(a => a.GetProperty("sha256").GetString()!)).Order(StringComparer.Ordinal);
            Assert.Equal(truthHashes, attachments.Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f)))).Order(StringComparer.Ordinal));
            expected += 2 + attachments.Length;
        }

        // Referenced Docs files among them, written from the file backup's blobs: their bytes are in the hash comparison above.
        Assert.True(referenced > 0, "night 1 referenced no Docs file");
        using var report = JsonDocument.Parse(restored.Output);
        Assert.Equal(expected, report.RootElement.GetProperty("restored").GetInt32());
        Directory.Delete(target, recursive: true);
    }

    [Fact]
    public async Task RestoreIssues_ReferencedFileChangedAndTheNightThatStoredItPruned_LaterNightStillRestoresTheAttachedVersion()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var key = RegisterServiceAccount(emulator);
        var environment = await EnvironmentAsync(emulator, key);
        using var container = CliHarness.ContainerFor(environment);
        Assert.Equal(0, (await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1")).ExitCode);
        using var truth = await emulator.IssueTruth.GetAsync();
        var tower = truth.RootElement.GetProperty("projects")[0];
        var docs = (await SnapshotAsync(container, "night-1", tower)).Issues.SelectMany(i => i.Attachments).First(a => a.IsReferenced);
        var attachmentId = docs.Attachment.GetProperty("attachmentId").GetString()!;
        var sha256 = tower.GetProperty("issues").EnumerateArray().SelectMany(i => i.GetProperty("attachments").EnumerateArray())
            .Single(a => a.GetProperty("attachment").GetProperty("attachmentId").GetString() == attachmentId).GetProperty("sha256").GetString();

        // A new version of the file, its issue untouched: night 2 stores only the new version and carries the issue, whose
        // reference it settles to the blob night 1 stored. Prune then drops night 1 (the newest night of the day is kept).
        emulator.Mutations.ChangeFile(docs.Attachment.GetProperty("lineageUrn").GetString()!, 3_000);
        await Task.Delay(TimeSpan.FromSeconds(1.1)); // storage lists creation times to the second; prune spares blobs of the newest kept night's second
        Assert.Equal(0, (await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2")).ExitCode);
        var pruned = await CliHarness.InvokeAsync(environment, "prune", "--keep-daily", "1", "--keep-weekly", "0", "--keep-monthly", "0");
        Assert.True(pruned.ExitCode == 0, pruned.ToString());
        var target = Directory.CreateTempSubdirectory("acc-backup-issues-").FullName;

        var restored = await CliHarness.InvokeAsync(environment, "restore", "--run", "night-2", "--issues", "--to", target, "--json");

        Assert.True(restored.ExitCode == 0, restored.ToString());
        var night2 = await SnapshotAsync(container, "night-2", tower);
        var settled = night2.Issues.SelectMany(i => i.Attachments)
            .Single(a => a.Attachment.GetProperty("attachmentId").GetString() == attachmentId);
        Assert.Equal((docs.ReferencedVersion, sha256), (settled.ReferencedVersion, settled.Sha256));
        Assert.DoesNotContain((await ManifestAsync(environment, "night-2")).Files, f => f.VersionId == docs.ReferencedVersion);
        var issue = night2.Issues.Single(i => i.Attachments.Any(a => ReferenceEquals(a, settled))).Issue;
        var file = Path.Combine(target, Backup.Naming.BlobPathBuilder.Segment(night2.ProjectName), "Issues", "attachments", "#" + issue.GetProperty("displayId").GetInt32(),
            Backup.Naming.BlobPathBuilder.Segment(docs.Attachment.GetProperty("displayName").GetString()!));
        Assert.Equal(sha256, Convert.ToHexStringLower(SHA256.HashData(await File.ReadAllBytesAsync(file))));
        Directory.Delete(target, recursive: true);
    }

    [Fact]
    public async Task Run_WithoutIssuesSettings_LogsOneNotConfiguredLineBacksUpTheFilesAndExitsZero()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await EnvironmentAsync(emulator, null);

        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1", "--verbose");

        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.Single(run.Error.Split('\n'), line => line.Contains("issues not configured", StringComparison.Ordinal));
        var summary = (await ManifestAsync(environment, "night-1")).Summary;
        Assert.Null(summary.Issues);
        Assert.True(summary.Copied > 0 && summary.Failed == 0, run.ToString());
        Assert.Equal(0, emulator.GetStats().Count(EndpointCategory.Issues));
    }

    [Fact]
    public async Task Run_KeyTheServiceAccountDoesNotHave_FilesStoredEachProjectsIssuesFailedNamingTheSettingExitTwo()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var registered = RSA.Create(2048);
        using var wrong = RSA.Create(2048);
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, registered.ExportSubjectPublicKeyInfoPem()));
        var environment = await EnvironmentAsync(emulator, wrong);

        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1", "--json");

        Assert.True(run.ExitCode == ExitCodes.Incomplete, run.ToString());
        var manifest = await ManifestAsync(environment, "night-1");
        var summary = manifest.Summary;
        Assert.Equal((0L, 0), (summary.Failed, summary.FailedProjects.Count));
        Assert.Equal(manifest.Files.Count(f => f.Status == ManifestStatus.Copied), summary.Copied);
        Assert.True(summary.Copied > 0);
        Assert.NotNull(summary.Issues);
        using var truth = await emulator.IssueTruth.GetAsync();
        Assert.Equal(
            truth.RootElement.GetProperty("projects").EnumerateArray().Select(p => "b." + p.GetProperty("projectId").GetString()).Order(StringComparer.Ordinal),
            summary.Issues.FailedProjects.Select(p => p.ProjectId).Order(StringComparer.Ordinal));
        Assert.All(summary.Issues.FailedProjects, p => Assert.Contains("Issues:PrivateKey", p.Error, StringComparison.Ordinal));
        Assert.Equal(0, summary.Issues.Projects);
        using var json = JsonDocument.Parse(run.Output);
        Assert.Equal(summary.Projects, json.RootElement.GetProperty("summary").GetProperty("issues").GetProperty("failedProjects").GetArrayLength());
    }

    private static long Count(List<JsonElement> projects, string property) => projects.Sum(p => p.GetProperty(property).GetArrayLength());

    /// <summary>A new key registered with the emulator as the service account's.</summary>
    private static RSA RegisterServiceAccount(EmulatorServer emulator)
    {
        var key = RSA.Create(2048);
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, key.ExportSubjectPublicKeyInfoPem()));
        return key;
    }

    private static async Task<Dictionary<string, string?>> EnvironmentAsync(EmulatorServer emulator, RSA? key)
    {
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        if (key is not null)
        {
            environment["Issues__ServiceAccountId"] = ServiceAccountId;
            environment["Issues__KeyId"] = KeyId;
            environment["Issues__PrivateKey"] = key.ExportRSAPrivateKeyPem();
        }

        return environment;
    }

    private static async Task<IssueSnapshot> SnapshotAsync(BlobContainer container, string runId, JsonElement truthProject)
    {
        var snapshot = await IssueSnapshotReader.ReadAsync(container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        return snapshot;
    }

    /// <summary>Every issue (deleted ones too) as the API gives it, its comments, and each attachment's bytes by SHA-256: its
    /// own blob's, or for a referenced Docs file the SHA-256 of the run's file entry of that version.</summary>
    private static void AssertEqualsTruth(JsonElement truthProject, IssueSnapshot snapshot, RunManifest manifest)
    {
        var issues = truthProject.GetProperty("issues").EnumerateArray().ToList();
        Assert.Equal(issues.Count, snapshot.Issues.Count);
        foreach (var (truth, exported) in issues.Zip(snapshot.Issues))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("issue"), exported.Issue), $"issue differs:\n{truth.GetProperty("issue")}\n{exported.Issue}");
            var comments = truth.GetProperty("comments").EnumerateArray().ToList();
            Assert.Equal(comments.Count, exported.Comments.Count);
            Assert.All(comments.Zip(exported.Comments), pair => Assert.True(JsonElement.DeepEquals(pair.First, pair.Second)));
            Assert.Equal(
                truth.GetProperty("attachments").EnumerateArray().Select(a => a.GetProperty("sha256").GetString()),
                exported.Attachments.Select(a => a.IsUnresolvedReference ? manifest.Files.SingleOrDefault(f => f.IsStored && f.VersionId == a.ReferencedVersion)?.Sha256 : a.Sha256));
        }
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
