using AccBackup.Durable.Orchestrations;
using AccBackup.Durable.Tests;
using AccBackup.Functions.Telemetry;
using AccBackup.Manifest;
using AccBackup.Runs;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using OpenTelemetry;
using OpenTelemetry.Logs;
using OpenTelemetry.Metrics;
using OpenTelemetry.Trace;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>The demo account backed up through the orchestrations on the Durable test host, with the worker's telemetry
/// added exactly as the app adds it (<see cref="BackupTelemetry"/>) and exporting to a loopback <see cref="IngestionEndpoint"/>.</summary>
internal sealed class TelemetryBackupHost : IAsyncDisposable
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    private readonly IngestionEndpoint ingestion;
    private readonly DurableBackupHost host;
    private bool stopped;

    private TelemetryBackupHost(IngestionEndpoint ingestion, DurableBackupHost host)
    {
        this.ingestion = ingestion;
        this.host = host;
    }

    public static async Task<TelemetryBackupHost> StartAsync(
        IDictionary<string, string?>? settings = null, Type? copyActivity = null, Action<IServiceCollection>? services = null)
    {
        var ingestion = await IngestionEndpoint.StartAsync();
        var configuration = new ConfigurationBuilder()
            .AddInMemoryCollection(settings ?? new Dictionary<string, string?>())
            .AddInMemoryCollection(new Dictionary<string, string?> { [BackupTelemetry.ConnectionStringSetting] = ingestion.ConnectionString })
            .Build();
        var host = await DurableBackupHost.StartAsync(Demo, settings, copyActivity, s =>
        {
            // The Logging section's levels, as the Functions host's builder reads them from the app settings.
            s.AddLogging(logging => logging.AddConfiguration(configuration.GetSection("Logging")));
            s.AddBackupTelemetry(configuration);
            services?.Invoke(s);
        });
        return new TelemetryBackupHost(ingestion, host);
    }

    /// <summary>The host's services: the app's storage clients and options among them.</summary>
    public IServiceProvider Services => host.Services;

    /// <summary>Runs a backup of the whole account as run <paramref name="runId"/> and reads its manifest's summary.</summary>
    public async Task<(OrchestrationMetadata Run, ManifestSummary Summary)> RunAsync(string runId)
    {
        var run = await host.RunAsync(runId, new BackupRunInput(new BackupRunRequest(), host.Settings));
        var manifest = await host.Manifests.ReadAsync(runId, CancellationToken.None);
        return (run, manifest.Summary);
    }

    /// <summary>Runs a backup as run <paramref name="runId"/> that may end without a manifest (a run that fails outright).</summary>
    public Task<OrchestrationMetadata> RunToTheEndAsync(string runId) =>
        host.RunAsync(runId, new BackupRunInput(new BackupRunRequest(), host.Settings));

    /// <summary>Everything posted so far, once every provider (logs, spans, metrics) has exported what it held.</summary>
    public IReadOnlyList<IngestedItem> Flush()
    {
        Assert.True(host.Services.GetRequiredService<MeterProvider>().ForceFlush(30_000), "metrics did not flush in 30 s");
        Assert.True(host.Services.GetRequiredService<TracerProvider>().ForceFlush(30_000), "spans did not flush in 30 s");
        Assert.True(host.Services.GetRequiredService<LoggerProvider>().ForceFlush(30_000), "logs did not flush in 30 s");
        return ingestion.Items;
    }

    /// <summary>Everything the exporter has posted once the host has stopped (which exports what it still held).</summary>
    public async Task<IReadOnlyList<IngestedItem>> StopAsync()
    {
        // The exporter batches logs: sent now rather than on its schedule, then whatever the shutdown adds.
        Assert.True(host.Services.GetRequiredService<LoggerProvider>().ForceFlush(30_000), "the exporter did not flush in 30 s");
        stopped = true;
        await host.DisposeAsync();
        return ingestion.Items;
    }

    public async ValueTask DisposeAsync()
    {
        if (!stopped)
        {
            await host.DisposeAsync();
        }

        await ingestion.DisposeAsync();
    }
}
