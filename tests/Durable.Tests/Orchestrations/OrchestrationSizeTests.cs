using System.Globalization;
using AccBackup.Durable;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>What bounds a run's orchestrations on the real account's shape: instances, every activity's and orchestration's
/// payloads, and custom status sizes.</summary>
/// <remarks>Scale 0.025 (about 1,000 files) by default; <c>ACC_BACKUP_SIZE_SCALE=1.0</c> measures the real account's
/// 40,230 files (a dry run: every listing and copy activity, no bytes).</remarks>
[Trait("Category", "Slow")]
public sealed class OrchestrationSizeTests(ITestOutputHelper output)
{
    private const int MaxPayloadBytes = 16 * 1024;

    /// <summary>The bound of a payload that does not grow with the account: blob names and counts, no file or folder list.</summary>
    private const int MaxActivityPayloadBytes = 2 * 1024;

    /// <summary>The bound per project of the two payloads that list the run's projects (PrepareRun's output, the fan-in's
    /// input): they grow with projects, never with files or folders.</summary>
    private const int MaxBytesPerProject = 256;

    [Fact]
    public async Task BackupRun_SeedScaledDryRun_PayloadsAndStatusesStaySmall()
    {
        var scale = double.Parse(Environment.GetEnvironmentVariable("ACC_BACKUP_SIZE_SCALE") ?? "0.025", CultureInfo.InvariantCulture);
        var meter = new PayloadMeter();
        await using var host = await DurableBackupHost.StartAsync(
            new EmulatorOptions { Dataset = EmulatorDatasets.SeedScaled, Scale = scale, Quotas = QuotaOptions.Disabled },
            services: s => s.AddSingleton<DataConverter>(meter));

        var run = await host.RunAsync("size-1", new BackupRunInput(new BackupRunRequest(DryRun: true), host.Settings), TimeSpan.FromMinutes(20));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var outcome = run.ReadOutputAs<BackupRunOutcome>()!;
        var instances = new List<OrchestrationMetadata>();
        await foreach (var instance in host.Client.GetAllInstancesAsync(new OrchestrationQuery { FetchInputsAndOutputs = true }))
        {
            instances.Add(instance);
        }

        var projects = instances.Where(i => i.Name == ProjectBackupOrchestrator.Name).ToList();
        var largestInput = instances.Max(i => i.SerializedInput?.Length ?? 0);
        var largestOutput = instances.Max(i => i.SerializedOutput?.Length ?? 0);
        var largestStatus = instances.Max(i => i.SerializedCustomStatus?.Length ?? 0);
        var activities = ActivityPayloads(meter);
        output.WriteLine(
            $"scale {scale}: {outcome.Files} files, {outcome.Planned} planned, {projects.Count} project orchestrations, " +
            $"{outcome.ListingActivities} listing + {outcome.CopyActivities} copy activities; the largest orchestration execution scheduled {outcome.LargestExecutionTasks} tasks " +
            $"(≤ {4 * outcome.LargestExecutionTasks + 3} history events); " +
            $"largest orchestration input {largestInput} B, output {largestOutput} B, custom status {largestStatus} B");
        foreach (var (activity, input, result) in activities)
        {
            output.WriteLine($"  {activity}: largest input {input.Largest} B ({input.Type.Name}), largest output {result.Largest} B ({result.Type.Name})");
        }

        Assert.Equal(outcome.Files, outcome.Planned + outcome.NoContent);
        Assert.All(projects, p => Assert.Equal(OrchestrationRuntimeStatus.Completed, p.RuntimeStatus));
        Assert.InRange(largestInput, 1, MaxPayloadBytes);
        Assert.InRange(largestOutput, 1, MaxPayloadBytes);
        Assert.InRange(largestStatus, 1, MaxPayloadBytes);
        Assert.InRange(outcome.LargestExecutionTasks, 1, Math.Max(projects.Count + 3, host.Settings.CompletionsPerGeneration + host.Settings.MaxActivitiesInFlight));

        // Every activity ran (but ExportIssues and ExportModule: a dry run exports no issue and no module) and every payload it took
        // or gave was measured; only the project lists grow, with projects.
        // A dry run proves no stored blob either: it stores nothing, so could restore nothing.
        Assert.Equal(7, activities.Count);
        string[] idle = [BackupTasks.NameOf<ExportIssuesActivity>(), BackupTasks.NameOf<ExportModuleActivity>(), BackupTasks.NameOf<ProveStoredBlobsActivity>()];
        Assert.All(idle, name => Assert.Equal(0, activities.Single(a => a.Activity == name).Output.Count));
        var ran = activities.Where(a => !idle.Contains(a.Activity)).ToList();
        var listsProjects = new[] { typeof(PrepareRunResult), typeof(AssembleManifestInput) };
        foreach (var payload in ran.SelectMany(a => new[] { a.Input, a.Output }))
        {
            var bound = MaxActivityPayloadBytes + (listsProjects.Contains(payload.Type) ? MaxBytesPerProject * projects.Count : 0);
            Assert.InRange(payload.Largest, 1, bound);
        }

        // An activity's output is serialized once, where it ran (its input again on each replay of its orchestration).
        Assert.Equal(outcome.ListingActivities, activities.Single(a => a.Activity == BackupTasks.NameOf<ListFoldersActivity>()).Output.Count);
        Assert.Equal(outcome.CopyActivities, activities.Single(a => a.Activity == BackupTasks.NameOf<CopyChunkActivity>()).Output.Count);
    }

    /// <summary>Each run activity (src/Shared), by its task name, with the largest input and output the meter saw.</summary>
    private static List<(string Activity, Payload Input, Payload Output)> ActivityPayloads(PayloadMeter meter) =>
    [
        .. typeof(IRunActivity<,>).Assembly.GetTypes()
            .Select(t => (t, Run: t.GetInterfaces().SingleOrDefault(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IRunActivity<,>))))
            // A backup run's activities (a restore into ACC has its own, in AccRestore.Activities).
            .Where(a => !a.t.IsAbstract && a.Run is not null && a.t.Namespace == typeof(IRunActivity<,>).Namespace)
            .Select(a => (BackupTasks.NameOf(a.t), a.Run!.GetGenericArguments()))
            .Select(a => (a.Item1, Measure(meter, a.Item2[0]), Measure(meter, a.Item2[1])))
            .OrderBy(a => a.Item1, StringComparer.Ordinal),
    ];

    private static Payload Measure(PayloadMeter meter, Type type)
    {
        var (count, largest) = meter.Of(type);
        return new Payload(type, count, largest);
    }

    private sealed record Payload(Type Type, int Count, int Largest);
}
