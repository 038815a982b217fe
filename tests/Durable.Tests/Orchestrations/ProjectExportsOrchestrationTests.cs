using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>Each project's exports (issues and the modules that do not read the listed tree) run in a sub-orchestration of
/// their own beside its files' (which keep the modules reading their listing), so neither waits on the other's quotas or
/// window; each project counts as done once, when its last part ended; a run an earlier build started keeps one
/// sub-orchestration per project.</summary>
public sealed class ProjectExportsOrchestrationTests
{
    [Fact]
    public async Task BackupRun_ModulesOn_EachProjectsExportsRunBesideItsFilesAndTheProjectCountsOnce()
    {
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });

        var run = await host.RunAsync("split-1", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        Assert.Equal("Succeeded", run.ReadOutputAs<BackupRunOutcome>()!.Status);
        var parts = await PartsAsync(host, "split-1");
        var projects = parts.Count(p => p.Id.StartsWith("split-1:p", StringComparison.Ordinal));
        Assert.True(projects > 1);
        Assert.All(parts, p => Assert.Equal(OrchestrationRuntimeStatus.Completed, p.Status));
        Assert.All(parts.Where(p => p.Id.StartsWith("split-1:p", StringComparison.Ordinal)), p => Assert.Equal(RunScheduleParts.Files, p.Parts));
        Assert.Equal(
            parts.Where(p => p.Id.StartsWith("split-1:p", StringComparison.Ordinal)).Select(p => p.Id.Replace(":p", ":e", StringComparison.Ordinal)),
            parts.Where(p => p.Parts == RunScheduleParts.Exports).Select(p => p.Id));
        var status = run.ReadCustomStatusAs<RunStatus>()!.Progress;
        Assert.Equal((projects, projects), (status.ProjectsTotal, status.ProjectsDone));

        // Sheets and members ran in the exports' part, permissions and attributes in the files' part: each once per project.
        var summary = (await host.Manifests.ReadAsync("split-1", CancellationToken.None)).Summary;
        Assert.Equal(
            [("attributes", projects), ("members", projects), ("permissions", projects), ("sheets", projects)],
            summary.Modules!.Modules.Select(m => (m.Module, m.Projects)).OrderBy(m => m.Module, StringComparer.Ordinal));
        Assert.Empty(summary.Modules.Coverage);
        Assert.True(summary.Copied > 0);
    }

    [Fact]
    public async Task BackupRun_StartedByAnEarlierBuild_ExportsWithinEachProjectsOneSubOrchestrationAndCountsTheSame()
    {
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });

        // An input written before the exports had their own part carries no ExportsPerModule (OrchestrationInputSampleTests).
        var run = await host.RunAsync("one-part-1", new BackupRunInput(new BackupRunRequest(), host.Settings with { ExportsPerModule = 0 }));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var parts = await PartsAsync(host, "one-part-1");
        Assert.All(parts, p => Assert.Equal(RunScheduleParts.All, p.Parts));
        Assert.DoesNotContain(parts, p => p.Id.StartsWith("one-part-1:e", StringComparison.Ordinal));
        var status = run.ReadCustomStatusAs<RunStatus>()!.Progress;
        Assert.Equal((parts.Count, parts.Count), (status.ProjectsTotal, status.ProjectsDone));
        var summary = (await host.Manifests.ReadAsync("one-part-1", CancellationToken.None)).Summary;
        Assert.All(summary.Modules!.Modules, m => Assert.Equal(parts.Count, m.Projects));
        Assert.Equal(4, summary.Modules.Modules.Count);
    }

    private static async Task<List<(string Id, OrchestrationRuntimeStatus Status, RunScheduleParts Parts)>> PartsAsync(DurableBackupHost host, string runId)
    {
        var parts = new List<(string, OrchestrationRuntimeStatus, RunScheduleParts)>();
        foreach (var instance in (await host.InstancesAsync()).Where(i => i.InstanceId.StartsWith(runId + ":", StringComparison.Ordinal)).OrderBy(i => i.InstanceId, StringComparer.Ordinal))
        {
            var full = await host.Client.GetInstanceAsync(instance.InstanceId, getInputsAndOutputs: true);
            parts.Add((instance.InstanceId, full!.RuntimeStatus, full.ReadInputAs<ProjectBackupInput>()!.Parts));
        }

        return parts;
    }
}
