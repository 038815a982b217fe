using System.Diagnostics;
using System.Globalization;
using AccBackup.Functions.Telemetry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using OpenTelemetry;
using OpenTelemetry.Logs;
using OpenTelemetry.Metrics;
using OpenTelemetry.Trace;
using Xunit.Abstractions;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>How much the worker's exporter sends when nothing happens, and when spans come steadily (as a Durable app's
/// invocations and polling do around the clock): bounded per day, with every log kept.</summary>
/// <remarks>The Functions host's own telemetry (its metrics, the Durable extension's spans) is not measured here: no host
/// runs on this machine. BicepAppSettingsTests holds the sampler setting the host's exporter reads.</remarks>
public sealed partial class IdleTelemetryTests(ITestOutputHelper output) : IAsyncLifetime
{
    private const string Source = "AccBackup.Tests.Spans";

    /// <summary>The idle bound issue 35 set: telemetry items a day with no run going on.</summary>
    private const double IdleItemsPerDay = 5_000;

    private IngestionEndpoint ingestion = null!;

    public async Task InitializeAsync() => ingestion = await IngestionEndpoint.StartAsync();

    public async Task DisposeAsync() => await ingestion.DisposeAsync();

    [Fact]
    public async Task Exporter_IdleWorker_SendsNothing()
    {
        var items = await ExportAsync(async _ => await Task.Delay(TimeSpan.FromSeconds(3)));

        output.WriteLine($"{items.Count} items in an idle period and one collection of every provider (one minute's worth of metrics)");
        Assert.Empty(items);
    }

    [Fact]
    public async Task Exporter_SpansEvery30MsForThreeSeconds_AtMostTheAppsRateAndEveryLogExported()
    {
        var items = await ExportAsync(async (services) =>
        {
            var logger = services.GetRequiredService<ILoggerFactory>().CreateLogger("AccBackup.Runs.Probe");
            using var source = new ActivitySource(Source);
            for (var i = 0; i < 100; i++)
            {
                using (source.StartActivity("poll", ActivityKind.Client))
                {
                    Polled(logger, i);
                }

                await Task.Delay(30);
            }
        });

        var spans = items.Count(i => i.BaseType is "RemoteDependencyData" or "RequestData");
        output.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{spans} of 100 spans exported over about 3 s; at {BackupTelemetry.SpansPerSecond} a second at most {BackupTelemetry.SpansPerSecond * 86_400:0} a day"));
        Assert.InRange(spans, 0, 1); // the exporter's default (5 a second) sent about 15
        Assert.Equal(100, items.Count(i => i.IsTrace)); // logs are never sampled, inside a sampled-out span or not
    }

    [Fact]
    public async Task Exporter_IdleAppOnTheDurableWorker_SendsAtMostTheIdleBudgetAndTheNextRunsSummary()
    {
        // The app's services and telemetry with a Durable worker polling its backend (the in-process test host's sidecar,
        // over gRPC), nothing scheduled: what a Function App between two nights exports, metrics collected at the end.
        await using var host = await TelemetryBackupHost.StartAsync();
        var idle = Stopwatch.StartNew();
        await Task.Delay(TimeSpan.FromSeconds(20));
        var idleItems = host.Flush();
        var minutes = idle.Elapsed.TotalMinutes;

        var perDay = idleItems.Count / Math.Max(minutes, 1.0) * 1_440;
        output.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{idleItems.Count} items in {minutes:0.00} min idle (counted as at least a minute: metrics are exported once a minute): at most {perDay:0} a day; by type: {string.Join(", ", idleItems.GroupBy(i => i.BaseType).Select(g => $"{g.Key} {g.Count()}"))}"));
        foreach (var item in idleItems.Take(40))
        {
            output.WriteLine($"  {item.BaseType} {item.Category} {item.Message}");
        }

        Assert.InRange(perDay, 0, IdleItemsPerDay);
        var (run, _) = await host.RunAsync("idle-then-run-1");
        var rows = RunsQuery.Load().Rows(await host.StopAsync());
        Assert.Equal("idle-then-run-1", Assert.Single(rows)["RunId"]);
    }

    private async Task<IReadOnlyList<IngestedItem>> ExportAsync(Func<IServiceProvider, Task> act)
    {
        var builder = Host.CreateApplicationBuilder();
        builder.Logging.ClearProviders();
        builder.Configuration[BackupTelemetry.ConnectionStringSetting] = ingestion.ConnectionString;
        builder.Services.AddBackupTelemetry(builder.Configuration);
        builder.Services.ConfigureOpenTelemetryTracerProvider(t => t.AddSource(Source));
        using var host = builder.Build();
        await host.StartAsync();

        await act(host.Services);

        Assert.True(host.Services.GetRequiredService<MeterProvider>().ForceFlush(30_000), "metrics did not flush in 30 s");
        Assert.True(host.Services.GetRequiredService<TracerProvider>().ForceFlush(30_000), "spans did not flush in 30 s");
        Assert.True(host.Services.GetRequiredService<LoggerProvider>().ForceFlush(30_000), "logs did not flush in 30 s");
        await host.StopAsync();
        return ingestion.Items;
    }

    [LoggerMessage(EventId = 1, Level = LogLevel.Information, Message = "Polled {Attempt}")]
    private static partial void Polled(ILogger logger, int attempt);
}
