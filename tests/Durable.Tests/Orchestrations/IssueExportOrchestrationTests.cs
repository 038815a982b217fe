using System.Security.Cryptography;
using AccBackup.Durable.Orchestrations;
using AccBackup.Issues;
using AccBackup.Runs;
using AccEmulator;
using AccEmulator.Auth;
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
        using var key = RSA.Create(2048);
        await using var host = await DurableBackupHost.StartAsync(
            new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled },
            new Dictionary<string, string?>
            {
                ["Issues:ServiceAccountId"] = "SSA-DURABLE-1",
                ["Issues:KeyId"] = "durable-key-1",
                ["Issues:PrivateKey"] = key.ExportRSAPrivateKeyPem(),
            });
        using var truth = await host.Emulator.IssueTruth.GetAsync();
        var projects = truth.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var refused = projects.MaxBy(p => p.GetProperty("issues").GetArrayLength()).GetProperty("projectId").GetString()!;
        var invited = projects.Select(p => p.GetProperty("projectId").GetString()!).Where(id => id != refused).ToList();
        host.Emulator.RegisterServiceAccount(new EmulatedServiceAccount("SSA-DURABLE-1", "durable-key-1", key.ExportSubjectPublicKeyInfoPem(), invited));

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
                snapshot.Issues.SelectMany(i => i.Attachments.Select(a => a.Sha256)));
        }
    }
}
