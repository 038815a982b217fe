using System.Diagnostics;
using AccBackup.Functions.Telemetry;
using AccBackup.Testing;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using OpenTelemetry;
using OpenTelemetry.Logs;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>What the app's telemetry set-up (<see cref="BackupTelemetry"/>) exports and what it leaves out, on a plain host
/// with the real exporter posting to a loopback <see cref="IngestionEndpoint"/>.</summary>
public sealed partial class ExporterSettingsTests : IAsyncLifetime
{
    /// <summary>Chatter of the libraries the app uses, by the categories they log under.</summary>
    private static readonly string[] LibraryCategories =
    [
        "System.Net.Http.HttpClient.ApsTransport.LogicalHandler",
        "System.Net.Http.HttpClient.ApsTransport.ClientHandler",
        "Azure.Core",
        "Azure.Storage.Blobs",
        "Microsoft.DurableTask.Worker",
        "Microsoft.Azure.Functions.Worker",
        "Microsoft.AspNetCore.Hosting.Diagnostics",
        "Polly",
    ];

    private IngestionEndpoint ingestion = null!;

    public async Task InitializeAsync() => ingestion = await IngestionEndpoint.StartAsync();

    public async Task DisposeAsync() => await ingestion.DisposeAsync();

    [Fact]
    public async Task RunSummary_LoggedInsideASpanTheSamplerLeftOut_IsExported()
    {
        var traces = await ExportAsync(loggers =>
        {
            // A function invocation whose span was not sampled (its trace flags say "not recorded").
            var logger = loggers.CreateLogger(AccBackup.Runs.RunSummaryLog.Category);
            using var span = new Activity("CopyChunk").SetParentId(ActivityTraceId.CreateRandom(), ActivitySpanId.CreateRandom(), ActivityTraceFlags.None).Start();
            RunFinished(logger, "unsampled-1", "Succeeded");
        });

        var summary = Assert.Single(traces);
        Assert.Equal("unsampled-1", summary.CustomDimensions["RunId"]);
        Assert.Equal("4002", summary.CustomDimensions["EventId"]);
    }

    [Fact]
    public async Task LibraryLogs_AtTheDefaultLevels_OnlyWarningsAreExported()
    {
        var traces = await ExportAsync(loggers =>
        {
            foreach (var category in LibraryCategories.Append("AccBackup.Runs.PrepareRunActivity"))
            {
                var logger = loggers.CreateLogger(category);
                Line(logger, LogLevel.Information, "information");
                Line(logger, LogLevel.Warning, "warning");
            }
        });

        var exported = traces.Select(t => $"{t.Category}: {t.CustomDimensions["What"]}").Order(StringComparer.Ordinal);
        var expected = LibraryCategories.Select(c => $"{c}: warning").Append("AccBackup.Runs.PrepareRunActivity: information")
            .Append("AccBackup.Runs.PrepareRunActivity: warning").Order(StringComparer.Ordinal);
        Assert.Equal(expected, exported);
    }

    [Fact]
    public async Task LogLevelSettings_NamingACategory_OverrideItsDefault()
    {
        var settings = new Dictionary<string, string?> { ["Logging:LogLevel:Azure"] = "Information", ["Logging:LogLevel:AccBackup"] = "Warning" };

        var traces = await ExportAsync(
            loggers =>
            {
                var azure = loggers.CreateLogger("Azure.Core");
                var app = loggers.CreateLogger("AccBackup.Runs.PrepareRunActivity");
                Line(azure, LogLevel.Information, "azure");
                Line(app, LogLevel.Information, "app");
            },
            settings);

        Assert.Equal("azure", Assert.Single(traces).CustomDimensions["What"]);
    }

    [Theory]
    [InlineData("Logging:LogLevel:AccBackup", "Warning")]
    [InlineData("Logging:LogLevel:Default", "None")]
    [InlineData("Logging:OpenTelemetry:LogLevel:Default", "Error")]
    public async Task RunSummary_LogLevelSettingAboveInformation_CleanRunsSummaryIsStillExported(string setting, string level)
    {
        // A clean night's summary is written at Information: the missed-run alert counts it, whatever the log levels say.
        var summary = new AccBackup.Manifest.ManifestSummaryBuilder("quiet-1", DateTimeOffset.UnixEpoch).Build(DateTimeOffset.UnixEpoch.AddMinutes(5));

        var traces = await ExportAsync(
            loggers => AccBackup.Runs.RunSummaryLog.Finished(loggers.CreateLogger(AccBackup.Runs.RunSummaryLog.Category), summary),
            new Dictionary<string, string?> { [setting] = level },
            until: items => items.Any(i => i.IsTrace && i.CustomDimensions.GetValueOrDefault("RunId") == "quiet-1"));

        Assert.True(traces.Count == 1, $"{traces.Count} traces exported, from {ingestion.Posts} posts to the ingestion endpoint: {string.Join("; ", ingestion.Items.Select(i => $"{i.BaseType} {i.Category} {i.Severity} {i.Message}"))}");
        var exported = traces[0];
        Assert.Equal(("quiet-1", "Succeeded", "Information"), (exported.CustomDimensions["RunId"], exported.CustomDimensions["Status"], exported.Severity));
    }

    [Fact]
    public void AddBackupTelemetry_WithoutAConnectionString_AddsNoExporter()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection([]).Build();

        using var services = new ServiceCollection().AddBackupTelemetry(configuration).BuildServiceProvider();

        Assert.Null(services.GetService<LoggerProvider>());
        Assert.Empty(services.GetServices<IHostedService>());
    }

    /// <summary>Starts a host with the app's telemetry and <paramref name="settings"/>, logs, stops it: the traces it exported.</summary>
    /// <param name="until">What the posts must hold before the host stops, when the test knows what it expects: a post the
    /// exporter could not deliver at the flush (a timeout on a starved machine) is kept in its offline storage and sent
    /// again while the host runs, not after.</param>
    private async Task<IReadOnlyList<IngestedItem>> ExportAsync(
        Action<ILoggerFactory> log, Dictionary<string, string?>? settings = null, Func<IReadOnlyList<IngestedItem>, bool>? until = null)
    {
        var builder = Host.CreateApplicationBuilder();
        builder.Logging.ClearProviders();
        builder.Configuration.AddInMemoryCollection(settings ?? []);
        builder.Configuration[BackupTelemetry.ConnectionStringSetting] = ingestion.ConnectionString;
        builder.Services.AddBackupTelemetry(builder.Configuration);
        using var host = builder.Build();
        await host.StartAsync();

        log(host.Services.GetRequiredService<ILoggerFactory>());

        Assert.True(host.Services.GetRequiredService<LoggerProvider>().ForceFlush(30_000), "the exporter did not flush in 30 s");
        if (until is not null && !until(ingestion.Items))
        {
            try
            {
                await TestWaits.UntilAsync(() => until(ingestion.Items), "the expected trace posted");
            }
            catch (TimeoutException)
            {
                // The assertion that follows says what the posts carried instead.
            }
        }

        await host.StopAsync();
        return ingestion.Traces;
    }

    [LoggerMessage(EventId = 4002, Level = LogLevel.Information, Message = "Backup run {RunId} finished: {Status}")]
    private static partial void RunFinished(ILogger logger, string runId, string status);

    [LoggerMessage(EventId = 1, Message = "A line at {What}")]
    private static partial void Line(ILogger logger, LogLevel level, string what);
}
