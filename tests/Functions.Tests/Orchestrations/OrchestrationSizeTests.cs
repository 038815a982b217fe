using System.Globalization;
using AccBackup.Durable;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;
using Xunit.Abstractions;

namespace AccBackup.Functions.Tests.Orchestrations;

/// <summary>What bounds a run's orchestrations on the real account's shape: instances, payloads and custom status sizes.</summary>
/// <remarks>Scale 0.025 (about 1,000 files) by default; <c>ACC_BACKUP_SIZE_SCALE=1.0</c> measures the real account's
/// 40,230 files (a dry run: every listing and copy activity, no bytes).</remarks>
public sealed class OrchestrationSizeTests(ITestOutputHelper output)
{
    private const int MaxPayloadBytes = 16 * 1024;

    [Fact]
    public async Task BackupRun_SeedScaledDryRun_PayloadsAndStatusesStaySmall()
    {
        var scale = double.Parse(Environment.GetEnvironmentVariable("ACC_BACKUP_SIZE_SCALE") ?? "0.025", CultureInfo.InvariantCulture);
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.SeedScaled, Scale = scale, Quotas = QuotaOptions.Disabled });

        var run = await host.RunAsync("size-1", new BackupRunInput(new BackupRunRequest(DryRun: true), host.Settings), TimeSpan.FromMinutes(20));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        var instances = new List<OrchestrationMetadata>();
        await foreach (var instance in host.Client.GetAllInstancesAsync(new OrchestrationQuery { FetchInputsAndOutputs = true }))
        {
            instances.Add(instance);
        }

        var projects = instances.Where(i => i.Name == TaskNames.ProjectBackup).ToList();
        var largestInput = instances.Max(i => i.SerializedInput?.Length ?? 0);
        var largestOutput = instances.Max(i => i.SerializedOutput?.Length ?? 0);
        var largestStatus = instances.Max(i => i.SerializedCustomStatus?.Length ?? 0);
        output.WriteLine(
            $"scale {scale}: {outcome.Files} files, {outcome.Planned} planned, {projects.Count} project orchestrations, " +
            $"{outcome.ListingActivities} listing + {outcome.CopyActivities} copy activities; the largest orchestration execution scheduled {outcome.LargestExecutionTasks} tasks " +
            $"(≤ {4 * outcome.LargestExecutionTasks + 3} history events); " +
            $"largest orchestration input {largestInput} B, output {largestOutput} B, custom status {largestStatus} B");
        Assert.Equal(outcome.Files, outcome.Planned + outcome.NoContent);
        Assert.All(projects, p => Assert.Equal(OrchestrationRuntimeStatus.Completed, p.RuntimeStatus));
        Assert.InRange(largestInput, 1, MaxPayloadBytes);
        Assert.InRange(largestOutput, 1, MaxPayloadBytes);
        Assert.InRange(largestStatus, 1, MaxPayloadBytes);
        Assert.InRange(outcome.LargestExecutionTasks, 1, Math.Max(projects.Count + 2, host.Settings.CompletionsPerGeneration + host.Settings.MaxActivitiesInFlight));
    }
}
