using Azure.Monitor.OpenTelemetry.Exporter;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Azure.Functions.Worker.OpenTelemetry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Functions.Telemetry;

/// <summary>The worker's own telemetry: its logs reach Application Insights with their fields as customDimensions, at
/// quiet default levels (infra/bicep/README.md, "Monitoring").</summary>
public static class BackupTelemetry
{
    /// <summary>Where telemetry goes; set in Azure from the component (infra/bicep/modules/function-app.bicep), unset locally.</summary>
    public const string ConnectionStringSetting = "APPLICATIONINSIGHTS_CONNECTION_STRING";

    /// <summary>Root spans (function invocations, requests, dependencies) exported per second, at most: about 1,700 a day
    /// whatever the account and however long the runs. The alerts and the workbook read logs, never spans; logs are not
    /// sampled. infra/bicep/modules/function-app.bicep gives the Functions host's own exporter the same rate.</summary>
    public const double SpansPerSecond = 0.02;

    /// <summary>Adds the worker's log levels and, where <see cref="ConnectionStringSetting"/> is set, its exporter.</summary>
    public static FunctionsApplicationBuilder AddBackupTelemetry(this FunctionsApplicationBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddBackupTelemetry(builder.Configuration);
        return builder;
    }

    /// <summary>What <see cref="AddBackupTelemetry(FunctionsApplicationBuilder)"/> adds, for any host (the tests use it on theirs).</summary>
    internal static IServiceCollection AddBackupTelemetry(this IServiceCollection services, IConfiguration configuration)
    {
        // The levels apply whether or not telemetry is exported: they also bound what the worker forwards to the host.
        services.AddLogging(logging => logging.AddWorkerLogLevels(configuration));
        var connectionString = configuration[ConnectionStringSetting];
        if (string.IsNullOrWhiteSpace(connectionString))
        {
            // Local runs and tests without a component export nothing and try nothing.
            return services;
        }

        // OpenTelemetry with the Azure Monitor exporter, not Worker.ApplicationInsights: that package (2.51.0) plugs types of
        // the 2.x Application Insights SDK (ITelemetryInitializer, ITelemetryModule, QuickPulse) into it, and the WorkerService
        // our package source serves (3.2.0) is the 3.x SDK, built on this same exporter, which has none of them. With
        // "telemetryMode": "OpenTelemetry" in host.json the host exports its own logs this way too and, told by the capability
        // UseFunctionsWorkerDefaults declares, stops relaying the worker's as bare text (the prop__ fields nothing reads now).
        var credential = IngestionCredential.From(configuration[IngestionCredential.AuthenticationStringSetting]);
        services.AddOpenTelemetry()
            .UseFunctionsWorkerDefaults()
            .UseAzureMonitorExporter(options =>
            {
                options.ConnectionString = connectionString;
                // Local authentication is off on the component (monitoring.bicep): without a token every item is refused.
                options.Credential = credential;
                // By default a log written inside a span the rate-limited sampler (5 spans/s) left out is dropped with it: a
                // run-summary trace lost that way raises a false missed-run alert or hides a failed run. Logs are few
                // (WorkerLogLevels): keep all of them; only spans are sampled.
                options.EnableTraceBasedLogsSampler = false;
                // Spans only say how long invocations took: bounded per day, not per file (the exporter's default is 5 a second).
                options.TracesPerSecond = SpansPerSecond;
            });
        return services;
    }
}
