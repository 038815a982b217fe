using AccBackup.Backup;
using AccBackup.Bench.Hosting;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Scenarios;
using AccBackup.Durable;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
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
    /// <summary>Runs a backup of every project into <paramref name="container"/> of the scenario, as the Function App would.</summary>
    public static async Task<VariantOutcome> RunAsync(ScenarioContext context, string container, bool clientRateLimiting, string runId, CancellationToken cancellationToken)
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(EngineHost.Settings(context.Emulator, context.Azurite, container, clientRateLimiting, null)).Build();
        await using var host = await DurableTaskTestHost.StartAsync(
            registry => registry.AddBackupTasks(),
            new DurableTaskTestHostOptions
            {
                ConfigureServices = services =>
                {
                    services.AddLogging(b => b.SetMinimumLevel(LogLevel.Warning).AddProvider(context.Warnings));
                    services.AddBackupOrchestration(configuration);
                    services.AddHttpClient(BlobCopier.DownloadClientName).AddHttpMessageHandler(context.Downloads.CreateHandler);
                },
            },
            cancellationToken);
        var settings = OrchestrationSettings.From(host.Services.GetRequiredService<IOptions<BackupOptions>>().Value);
        await host.Client.ScheduleNewOrchestrationInstanceAsync(TaskNames.BackupRun, new BackupRunInput(new BackupRunRequest(), settings), new StartOrchestrationOptions(runId), cancellationToken);
        var run = await host.Client.WaitForInstanceCompletionAsync(runId, getInputsAndOutputs: true, cancellationToken);
        if (run.RuntimeStatus != OrchestrationRuntimeStatus.Completed || run.ReadOutputAs<BackupRunOutcome>() is not { } outcome)
        {
            throw new InvalidOperationException($"Orchestration {runId} ended {run.RuntimeStatus}: {run.FailureDetails?.ErrorMessage}");
        }

        return new VariantOutcome(
            outcome.Files, outcome.Copied, outcome.Unchanged, outcome.Failed,
            new EngineActivities(outcome.ListingActivities, outcome.CopyActivities, 0),
            $"{outcome.ListingActivities} listing and {outcome.CopyActivities} copy activities through the orchestrations " +
            $"(Backup:ProjectsInParallel {settings.ProjectsInParallel}, window {settings.MaxActivitiesInFlight}); largest execution {outcome.LargestExecutionTasks} tasks; " +
            $"test host sees {Environment.ProcessorCount} processors");
    }
}
