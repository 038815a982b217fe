using System.Security.Cryptography;
using AccBackup.Backup.Settings;
using AccBackup.Durable.Orchestrations;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Durable.Tests.Orchestrations;

public sealed class BackupRunOrchestratorTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task BackupRun_DemoAccount_ManifestEqualsTruthAndEveryBlobIsIdentical()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);

        var run = await host.RunAsync("demo-durable-1", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
        var manifest = await host.Manifests.ReadAsync("latest", CancellationToken.None);
        Assert.Equal("demo-durable-1", manifest.Summary.RunId);
        Assert.Equal("Succeeded", outcome.Status);
        Assert.Equal(truth.Count, outcome.Files);
        Assert.Equal(truth.Count(f => f.HasStorage), outcome.Copied);
        Assert.Equal(truth.Count(f => !f.HasStorage), outcome.NoContent);
        Assert.Equal(1, outcome.SizeMismatches);
        Assert.Equal(manifest.Files.Count, manifest.Files.Select(f => f.Path).Distinct(StringComparer.Ordinal).Count());
        await Testing.BackupTruth.AssertEveryFileStoredAsync(truth, manifest.Files, host.Container, CancellationToken.None);

        var status = run.ReadCustomStatusAs<RunStatus>()!;
        Assert.Equal("done", status.Progress.Phase);
        Assert.Equal(outcome.Copied, status.Progress.FilesCopied);
    }

    [Fact]
    public async Task BackupRun_NothingChangedSinceLastNight_SchedulesNoCopyActivity()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);
        var first = await host.RunAsync("night-1", new BackupRunInput(new BackupRunRequest(), host.Settings));
        host.Emulator.ResetStats();

        var second = await host.RunAsync("night-2", new BackupRunInput(new BackupRunRequest(), host.Settings));

        var outcome = second.ReadOutputAs<BackupRunOutcome>()!;
        Assert.Equal(OrchestrationRuntimeStatus.Completed, first.RuntimeStatus);
        Assert.Equal(0, outcome.CopyActivities);
        Assert.Equal(0, outcome.Copied);
        Assert.Equal(first.ReadOutputAs<BackupRunOutcome>()!.Copied, outcome.Unchanged);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Oss));
        AssertStatusIsTheOutcome(first);
        AssertStatusIsTheOutcome(second);
    }

    [Fact]
    public async Task BackupRun_VersionsAllAndTwoVersionsSinceLastNight_StoresTheIntermediateVersion()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["Backup:Versions"] = "All" });
        var first = await host.RunAsync("night-1", new BackupRunInput(new BackupRunRequest(), host.Settings));
        var file = (await host.Emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None))
            .Where(f => f.HasStorage).OrderBy(f => f.ItemId, StringComparer.Ordinal).First();
        host.Emulator.Mutations.ChangeFile(file.ItemId, 6_001);
        var intermediate = (await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None)).Single(f => f.ItemId == file.ItemId);
        host.Emulator.Mutations.ChangeFile(file.ItemId, 7_003);

        var second = await host.RunAsync("night-2", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal((OrchestrationRuntimeStatus.Completed, OrchestrationRuntimeStatus.Completed), (first.RuntimeStatus, second.RuntimeStatus));
        Assert.Equal(BackupVersions.All, host.Services.GetRequiredService<IOptions<BackupOptions>>().Value.Versions);
        var outcome = second.ReadOutputAs<BackupRunOutcome>()!;
        Assert.Equal(("Succeeded", 1L), (outcome.Status, outcome.Copied));
        var manifest = await host.Manifests.ReadAsync("night-2", CancellationToken.None);
        Assert.Equal(1L, manifest.Summary.EarlierVersions);
        var earlier = Assert.Single(manifest.Files, e => e.EarlierVersion);
        Assert.Equal((file.ItemId, intermediate.VersionNumber, ManifestStatus.Copied, intermediate.Sha256), (earlier.ItemId, earlier.VersionNumber, earlier.Status, earlier.Sha256));
        await using var stored = await host.Container.OpenReadAsync(earlier.BlobName!, null, null, CancellationToken.None);
        Assert.Equal(intermediate.Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(stored)));
        Assert.Equal(intermediate.VersionNumber + 1, manifest.Files.Single(e => e.ItemId == file.ItemId && !e.EarlierVersion).VersionNumber);
    }

    /// <summary>A finished run's custom status counts what its outcome (the manifest) counts.</summary>
    private static void AssertStatusIsTheOutcome(OrchestrationMetadata run)
    {
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        var status = run.ReadCustomStatusAs<RunStatus>()!.Progress;
        Assert.Equal(
            (outcome.Files, outcome.Copied, outcome.Unchanged, outcome.NoContent, outcome.Failed, outcome.Planned, outcome.SizeMismatches, outcome.Bytes),
            (status.FilesFound, status.FilesCopied, status.FilesUnchanged, status.FilesNoContent, status.FilesFailed, status.FilesPlanned, status.SizeMismatches, status.BytesFound));
        Assert.Equal(("done", status.ProjectsTotal), (status.Phase, status.ProjectsDone));
    }

    [Fact]
    public async Task BackupRun_CopyActivityKeepsFailing_RunCompletesAndManifestListsThoseFilesAsFailed()
    {
        var failing = new FailingCopyPlan("Demo Hospital");
        await using var host = await DurableBackupHost.StartAsync(
            Demo, new Dictionary<string, string?> { ["Backup:ActivityAttempts"] = "2" }, typeof(FailingCopyChunkActivity), s => s.AddSingletonPlan(failing));

        var run = await host.RunAsync("failing-1", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        AssertStatusIsTheOutcome(run);
        var manifest = await host.Manifests.ReadAsync("failing-1", CancellationToken.None);
        var hospital = manifest.Files.Where(f => f.ProjectName == "Demo Hospital" && f.Status != ManifestStatus.NoContent).ToList();
        Assert.NotEmpty(hospital);
        Assert.All(hospital, f => Assert.Equal(ManifestStatus.Failed, f.Status));
        Assert.All(manifest.Files.Where(f => f.ProjectName != "Demo Hospital"), f => Assert.NotEqual(ManifestStatus.Failed, f.Status));
        Assert.Equal("CompletedWithErrors", outcome.Status);
        Assert.Equal(hospital.Count, outcome.Failed);
        Assert.Contains(manifest.Summary.FailedProjects, p => p.ProjectName == "Demo Hospital" && p.Error.Contains("copy of a batch failed", StringComparison.Ordinal));
        Assert.True(failing.Calls >= 2 * outcome.Failed / 250, "each failing batch was tried again");
    }

    [Fact]
    public async Task BackupRun_CredentialsRejected_FailsWithAMessageNamingTheSettings()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["Aps:ClientSecret"] = "wrong-secret" });

        var run = await host.RunAsync("bad-credentials", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Failed, run.RuntimeStatus);
        Assert.Contains("Aps:ClientSecret", run.FailureDetails!.ErrorMessage, StringComparison.Ordinal);
        Assert.Contains("Aps:ClientId", run.FailureDetails.ErrorMessage, StringComparison.Ordinal);
    }

    [Fact]
    public async Task BackupRun_CredentialsRejected_CustomStatusCarriesTheReasonNamingTheSettings()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["Aps:ClientSecret"] = "wrong-secret" });

        var run = await host.RunAsync("bad-credentials", new BackupRunInput(new BackupRunRequest(), host.Settings));

        // Read as the status endpoint of any host reads it: a Functions host gives no failure details, only the status and output.
        Assert.Equal(OrchestrationRuntimeStatus.Failed, run.RuntimeStatus);
        using var status = System.Text.Json.JsonDocument.Parse(run.SerializedCustomStatus!);
        var failure = status.RootElement.EnumerateObject().Single(p => p.NameEquals("Failure") || p.NameEquals("failure")).Value.GetString();
        Assert.Contains("Aps:ClientSecret", failure, StringComparison.Ordinal);
        Assert.Contains("Aps:ClientId", failure, StringComparison.Ordinal);
    }

    [Fact]
    public async Task BackupRun_IncludedProjectSettingMatchesNoProject_FailsNamingTheSettingAndTheNameAndLatestStaysUnset()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["Backup:IncludeProjects"] = "Demo Hospital, Demo Towr" });

        var run = await host.RunAsync("typo-1", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Failed, run.RuntimeStatus);
        var reason = run.ReadCustomStatusAs<RunStatus>()!.Failure;
        Assert.Contains("Backup:IncludeProjects", reason, StringComparison.Ordinal);
        Assert.Contains("'Demo Towr'", reason, StringComparison.Ordinal);
        Assert.DoesNotContain("'Demo Hospital'", reason, StringComparison.Ordinal);
        Assert.Null(await host.Manifests.GetLatestAsync(CancellationToken.None));
    }

    [Fact]
    public async Task BackupRun_SeesNoFileOfAnAccountWithFiles_DoesNotBecomeTheLatestRun()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);
        await host.RunAsync("night-1", new BackupRunInput(new BackupRunRequest(), host.Settings));
        var everyProject = string.Join(",", (await host.Manifests.ReadAsync("night-1", CancellationToken.None)).Files.Select(f => f.ProjectName).Distinct());

        var empty = await host.RunAsync("night-2", new BackupRunInput(new BackupRunRequest(ExcludeProjects: everyProject), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, empty.RuntimeStatus);
        Assert.Equal(0, empty.ReadOutputAs<BackupRunOutcome>()!.Files);
        Assert.Equal("night-1", (await host.Manifests.GetLatestAsync(CancellationToken.None))!.RunId);
    }

    [Fact]
    public async Task BackupRun_SmallGenerations_ContinuesAsNewAndStillCoversEveryFile()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["Backup:FilesPerChunk"] = "10" });
        var settings = host.Settings with { CompletionsPerGeneration = 3, MaxActivitiesInFlight = 4, ProjectsInParallel = 2 };

        var run = await host.RunAsync("generations-1", new BackupRunInput(new BackupRunRequest(), settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None);
        Assert.Equal(truth.Count, outcome.Files);
        Assert.Equal(truth.Count(f => f.HasStorage), outcome.Copied);
        Assert.True(outcome.CopyActivities > 3 * 3, "enough activities to need several generations");
    }
}
