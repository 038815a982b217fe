using AccBackup.Runs;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Logging;
using OpenTelemetry.Logs;

namespace AccBackup.Functions.Telemetry;

/// <summary>The worker's log levels: quiet by default, each one overridden by an app setting <c>Logging__LogLevel__{Category}</c>.</summary>
/// <remarks>host.json's <c>logging.logLevel</c> filters the host's own logs, never the worker's: the worker filters its own.</remarks>
internal static class WorkerLogLevels
{
    /// <summary>The level of each category prefix no setting names ("Default": every other category).</summary>
    /// <remarks>Budget at these levels: a run writes a few lines, a project one or two, a file none unless it fails
    /// (tests/Functions.Tests/Telemetry/TraceBudgetTests measures it).</remarks>
    public static readonly IReadOnlyDictionary<string, LogLevel> Defaults = new Dictionary<string, LogLevel>(StringComparer.OrdinalIgnoreCase)
    {
        // Libraries the list below does not name: only what went wrong.
        ["Default"] = LogLevel.Warning,
        // The app's own categories: per run and per project at Information, the run summary the alerts read among them;
        // per file or per batch only at Debug, Warning or Error.
        ["AccBackup"] = LogLevel.Information,
        // IHttpClientFactory's handlers write two to four lines per request at Information: several per file copied.
        ["System.Net.Http"] = LogLevel.Warning,
        // The Azure SDK's request logs (Azure.Core, Azure.Storage, Azure.Identity).
        ["Azure"] = LogLevel.Warning,
        // The Durable Task worker, the Functions worker, ASP.NET Core's per-request lines, hosting.
        ["Microsoft"] = LogLevel.Warning,
    };

    /// <summary>Adds a filter rule for each default that <paramref name="configuration"/> does not set.</summary>
    /// <remarks>A setting is a rule of the framework's own (the builder reads the <c>Logging</c> section); leaving it to that
    /// rule is what lets it win over the default, whichever of the two the framework would rank first.</remarks>
    public static ILoggingBuilder AddWorkerLogLevels(this ILoggingBuilder logging, IConfiguration configuration)
    {
        foreach (var (category, level) in Defaults)
        {
            if (configuration[$"Logging:LogLevel:{category}"] is not null)
            {
                continue;
            }

            logging.AddFilter(category == "Default" ? null : category, level);
        }

        // The run summary is the alerts' input, not chatter: whatever a setting says of its prefixes ("AccBackup" at Warning,
        // as the docs suggest for a quieter log, or "Default"), a clean run's summary at Information still goes out, or the
        // missed-run alert fires for a good night. Its own category is the most specific rule, for every provider and for
        // the exporter's in particular (a provider's own rules are chosen before the general ones).
        logging.AddFilter(RunSummaryLog.Category, LogLevel.Information);
        logging.AddFilter<OpenTelemetryLoggerProvider>(RunSummaryLog.Category, LogLevel.Information);
        return logging;
    }
}
