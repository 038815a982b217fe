using AccBackup.Backup.Copying;
using AccBackup.Backup.Settings;
using AccBackup.Bench.Children;
using AccBackup.Bench.Hosting;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Scenarios;
using AccBackup.Durable;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;
using Microsoft.DurableTask.Testing;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Bench.Durable;

/// <summary>The durable variants: one whole backup run through the Function App's orchestrations on the Durable Task
/// in-process test host, with the same activities, settings and container wiring as the engine variants.</summary>
internal static class DurableRun
{
    /// <summary>Runs a backup of every project with <paramref name="settings"/>, as the Function App would; also sizes its orchestration
    /// instances and reads the download buffers' peak (<see cref="TransferSlots.PeakBufferBytes"/>).</summary>
    public static async Task<(VariantOutcome Outcome, OrchestrationFigures Figures, long DownloadBufferBytes)> RunAsync(
        IReadOnlyDictionary<string, string?> settings, double compression, WarningLog warnings, DownloadGauge downloads, string runId, CancellationToken cancellationToken)
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(settings).Build();
        await using var host = await DurableTaskTestHost.StartAsync(
            registry => registry.AddBackupTasks(),
            new DurableTaskTestHostOptions
            {
                ConfigureServices = services =>
                {
                    services.AddLogging(b => b.SetMinimumLevel(LogLevel.Warning).AddProvider(warnings));
                    services.AddBackupOrchestration(configuration);
                    CompressedPacing.Apply(services, compression);
                    services.AddHttpClient(BlobCopier.DownloadClientName).AddHttpMessageHandler(downloads.CreateHandler);
                },
            },
            cancellationToken);
        var options = OrchestrationSettings.From(host.Services.GetRequiredService<IOptions<BackupOptions>>().Value);
        await host.Client.ScheduleNewOrchestrationInstanceAsync(BackupRunOrchestrator.Name, new BackupRunInput(new BackupRunRequest(), options), new StartOrchestrationOptions(runId), cancellationToken);
        var run = await host.Client.WaitForInstanceCompletionAsync(runId, getInputsAndOutputs: true, cancellationToken);
        if (run.RuntimeStatus != OrchestrationRuntimeStatus.Completed || run.ReadOutputAs<BackupRunOutcome>() is not { } outcome)
        {
            throw new InvalidOperationException($"Orchestration {runId} ended {run.RuntimeStatus}: {run.FailureDetails?.ErrorMessage}");
        }

        var instances = new List<OrchestrationMetadata>();
        await foreach (var instance in host.Client.GetAllInstancesAsync(new OrchestrationQuery { FetchInputsAndOutputs = true }).WithCancellation(cancellationToken))
        {
            instances.Add(instance);
        }

        var figures = new OrchestrationFigures(
            instances.Count,
            instances.Max(i => i.SerializedInput?.Length ?? 0),
            instances.Max(i => i.SerializedOutput?.Length ?? 0),
            instances.Max(i => i.SerializedCustomStatus?.Length ?? 0),
            outcome.LargestExecutionTasks,
            (4 * outcome.LargestExecutionTasks) + 3);
        var variant = new VariantOutcome(
            outcome.Files, outcome.Copied, outcome.Unchanged, outcome.Failed,
            new EngineActivities(outcome.ListingActivities, outcome.CopyActivities, Math.Max(figures.LargestInputBytes, figures.LargestOutputBytes)),
            $"{outcome.ListingActivities} listing and {outcome.CopyActivities} copy activities through the orchestrations " +
            $"(Backup:ProjectsInParallel {options.ProjectsInParallel}, window {options.MaxActivitiesInFlight}); {figures.Instances} orchestration instances, " +
            $"largest input {figures.LargestInputBytes} B, output {figures.LargestOutputBytes} B, custom status {figures.LargestCustomStatusBytes} B; " +
            $"largest execution {outcome.LargestExecutionTasks} tasks (≤ {figures.HistoryEventsBound} history events); test host sees {Environment.ProcessorCount} processors");
        return (variant, figures, host.Services.GetRequiredService<TransferSlots>().PeakBufferBytes);
    }
}
