using AccBackup.Durable.Orchestrations;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>The orchestration exports each project's issues through the ExportIssues activity: snapshots equal the emulator's
/// truth; a project the service account is not invited to is recorded in the manifest as its issues' failure, its files stored.</summary>
public sealed class IssueExportOrchestrationTests
{
    [Fact]
    public async Task BackupRun_IssuesConfiguredOneProjectNotInvited_ExportsTheOthersAndRecordsTheRefusedOne()
    {
        using var account = new TestServiceAccount("SSA-DURABLE-1", "durable-key-1");
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, account.Settings());
        using var truth = await host.Emulator.IssueTruth.GetAsync();
        var projects = truth.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var refused = projects.MaxBy(p => p.GetProperty("issues").GetArrayLength()).GetProperty("projectId").GetString()!;
        var invited = projects.Select(p => p.GetProperty("projectId").GetString()!).Where(id => id != refused).ToList();
        account.RegisterWith(host.Emulator, invited);

        var run = await host.RunAsync("issues-durable-1", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        var manifest = await host.Manifests.ReadAsync("issues-durable-1", CancellationToken.None);
        Assert.Equal((0L, 0), (manifest.Summary.Failed, manifest.Summary.FailedProjects.Count));
        Assert.True(outcome.Copied > 0);
        Assert.Equal("CompletedWithErrors", outcome.Status);
        var issues = manifest.Summary.Issues;
        Assert.NotNull(issues);
        var failure = Assert.Single(issues.FailedProjects);
        Assert.Equal("b." + refused, failure.ProjectId);
        Assert.Contains("Issues:ServiceAccountId", failure.Error, StringComparison.Ordinal);
        Assert.Null(await IssueSnapshotReader.ReadAsync(host.Container, "issues-durable-1", refused, CancellationToken.None));
        Assert.Equal(invited.Count, issues.Projects);
        var expected = projects.Where(p => invited.Contains(p.GetProperty("projectId").GetString()!)).ToList();
        Assert.Equal(expected.Sum(p => p.GetProperty("issues").GetArrayLength()), issues.Issues);
        Assert.Equal((issues.Issues, 1), (outcome.Issues, outcome.IssuesFailedProjects));
        foreach (var project in expected)
        {
            var snapshot = await IssueSnapshotReader.ReadAsync(host.Container, "issues-durable-1", project.GetProperty("projectId").GetString()!, CancellationToken.None);
            Assert.NotNull(snapshot);
            var truthIssues = project.GetProperty("issues").EnumerateArray().ToList();
            Assert.Equal(truthIssues.Count, snapshot.Issues.Count);
            Assert.All(truthIssues.Zip(snapshot.Issues), pair => Assert.True(System.Text.Json.JsonElement.DeepEquals(pair.First.GetProperty("issue"), pair.Second.Issue)));
            Assert.Equal(
                truthIssues.SelectMany(i => i.GetProperty("attachments").EnumerateArray().Select(a => a.GetProperty("sha256").GetString())),
                snapshot.Issues.SelectMany(i => i.Attachments.Select(a => BackedUpSha256(a, manifest))));
        }

        // The demo's Docs files at their tip: referenced (the file backup holds their bytes), counted apart, none a failure.
        Assert.True(issues.AttachmentsReferenced > 0, "no Docs file was referenced");
        Assert.Equal(0, issues.AttachmentFailures);
    }

    [Fact]
    public async Task BackupRun_TwoNightsWithChangesBetween_SecondReadsOnlyWhatChangedAndEachNightEqualsItsTruth()
    {
        using var account = new TestServiceAccount("SSA-DURABLE-2", "durable-key-2");
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, account.Settings());
        account.RegisterWith(host.Emulator);

        var night1 = await host.RunAsync("issues-night-1", new BackupRunInput(new BackupRunRequest(), host.Settings));
        Assert.Equal(OrchestrationRuntimeStatus.Completed, night1.RuntimeStatus);
        var requestsNight1 = host.Emulator.GetStats().Count(EndpointCategory.Issues);
        using var truth1 = await host.Emulator.IssueTruth.GetAsync();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var manifest1 = await host.Manifests.ReadAsync("issues-night-1", CancellationToken.None);
        foreach (var project in projects)
        {
            AssertEqualsTruth(project, await SnapshotAsync(host, "issues-night-1", project), manifest1);
        }

        var tower = projects.MaxBy(p => p.GetProperty("issues").GetArrayLength());
        var live = (await SnapshotAsync(host, "issues-night-1", tower)).Issues.Where(i => !i.Deleted).Select(i => i.Id).ToList();
        host.Emulator.IssueMutations.UpdateIssue(live[0], title: "Re-inspected");
        host.Emulator.IssueMutations.DeleteIssue(live[1]);
        host.Emulator.IssueMutations.AddComment(live[2], "Fixed.");
        host.Emulator.IssueMutations.AddAttachment(live[2], "after.jpg", 120_000);
        host.Emulator.ResetStats();

        var night2 = await host.RunAsync("issues-night-2", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, night2.RuntimeStatus);
        var requestsNight2 = host.Emulator.GetStats().Count(EndpointCategory.Issues);
        using var truth2 = await host.Emulator.IssueTruth.GetAsync();
        var manifest2 = await host.Manifests.ReadAsync("issues-night-2", CancellationToken.None);
        foreach (var (project, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            var snapshot = await SnapshotAsync(host, "issues-night-2", project);
            Assert.Equal("issues-night-1", snapshot.BasedOnRunId);
            AssertEqualsTruth(project, snapshot, manifest2);
            AssertEqualsTruth(before, await SnapshotAsync(host, "issues-night-1", before), manifest1);
        }

        // Per project its settings (4), each pass's total (2) and the two updatedAt passes (2), no pass listed in full (nothing
        // vanished); then per changed issue (3) its attachments, and its comments if any.
        Assert.InRange(requestsNight2, (projects.Count * 8) + 3, (projects.Count * 8) + (2 * 3));
        Assert.True(requestsNight2 < requestsNight1, $"night 2 made {requestsNight2} Issues requests, night 1 {requestsNight1}");
    }

    private static async Task<IssueSnapshot> SnapshotAsync(DurableBackupHost host, string runId, System.Text.Json.JsonElement truthProject)
    {
        var snapshot = await IssueSnapshotReader.ReadAsync(host.Container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        return snapshot;
    }

    /// <summary>Every issue (deleted ones too) as the API gives it, its comments, and each attachment's bytes by SHA-256.</summary>
    private static void AssertEqualsTruth(System.Text.Json.JsonElement truthProject, IssueSnapshot snapshot, Manifest.RunManifest manifest)
    {
        var issues = truthProject.GetProperty("issues").EnumerateArray().ToList();
        Assert.Equal(issues.Count, snapshot.Issues.Count);
        foreach (var (truth, exported) in issues.Zip(snapshot.Issues))
        {
            Assert.True(System.Text.Json.JsonElement.DeepEquals(truth.GetProperty("issue"), exported.Issue), $"issue differs:\n{truth.GetProperty("issue")}\n{exported.Issue}");
            var comments = truth.GetProperty("comments").EnumerateArray().ToList();
            Assert.Equal(comments.Count, exported.Comments.Count);
            Assert.All(comments.Zip(exported.Comments), pair => Assert.True(System.Text.Json.JsonElement.DeepEquals(pair.First, pair.Second)));
            Assert.Equal(
                truth.GetProperty("attachments").EnumerateArray().Select(a => a.GetProperty("sha256").GetString()),
                exported.Attachments.Select(a => BackedUpSha256(a, manifest)));
        }
    }

    /// <summary>The SHA-256 of the bytes the backup holds for an attachment: its own blob's, or for a referenced Docs file that
    /// of the run's stored file entry of that version.</summary>
    private static string? BackedUpSha256(StoredAttachment attachment, Manifest.RunManifest manifest) => attachment.IsReferenced
        ? manifest.Files.SingleOrDefault(f => f.IsStored && f.VersionId == attachment.ReferencedVersion)?.Sha256
        : attachment.Sha256;
}
