using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace AccBackup.Functions.Hosting;

/// <summary>Says at start, naming it, when <c>WEBSITE_HOSTNAME</c> is not set: the Functions host then cannot bind the Durable
/// client (it builds webhook URLs from it) and answers every HTTP function with an empty 500 before the worker sees the call.</summary>
/// <remarks>Azure sets it; a bare host or container does not, and only the host's environment can (local.settings.json,
/// the container's environment). The timer and the orchestrations do not need it.</remarks>
internal sealed partial class WebsiteHostNameCheck(IConfiguration configuration, ILogger<WebsiteHostNameCheck> logger) : IHostedService
{
    /// <summary>The setting the Functions host reads.</summary>
    public const string Setting = "WEBSITE_HOSTNAME";

    /// <inheritdoc />
    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (string.IsNullOrWhiteSpace(configuration[Setting]))
        {
            Log.Missing(logger, Setting);
        }

        return Task.CompletedTask;
    }

    /// <inheritdoc />
    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    private static partial class Log
    {
        [LoggerMessage(EventId = 5501, Level = LogLevel.Warning,
            Message = "{Setting} is not set: the Functions host cannot bind the Durable client, so every HTTP function (POST/GET /api/backups) answers 500 with an empty body. Azure sets it; elsewhere set it to the host's address, e.g. localhost:7071 (local.settings.sample.json does)")]
        public static partial void Missing(ILogger logger, string setting);
    }
}
