using AccBackup.Functions.Hosting;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace AccBackup.Functions.Tests.Hosting;

/// <summary>The worker says at start, naming it, that WEBSITE_HOSTNAME is missing: without it the Functions host answers every
/// HTTP function with an empty 500 before the worker sees the call.</summary>
[Trait("Category", "Unit")]
public sealed class WebsiteHostNameCheckTests
{
    [Theory]
    [InlineData(null)]
    [InlineData("")]
    public async Task StartAsync_WebsiteHostNameMissing_WarnsNamingIt(string? hostName)
    {
        var logs = new RecordingLoggerProvider();
        using var app = BuildApp(hostName, logs);

        await StartCheckAsync(app);

        var warning = Assert.Single(logs.Entries, e => e.Category == typeof(WebsiteHostNameCheck).FullName);
        Assert.Equal(LogLevel.Warning, warning.Level);
        Assert.StartsWith("WEBSITE_HOSTNAME is not set", warning.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task StartAsync_WebsiteHostNameSet_SaysNothing()
    {
        var logs = new RecordingLoggerProvider();
        using var app = BuildApp("localhost:7071", logs);

        await StartCheckAsync(app);

        Assert.DoesNotContain(logs.Entries, e => e.Category == typeof(WebsiteHostNameCheck).FullName);
    }

    /// <summary>Starts the check as the worker's host starts it: among the app's hosted services.</summary>
    private static Task StartCheckAsync(IHost app) =>
        app.Services.GetServices<IHostedService>().OfType<WebsiteHostNameCheck>().Single().StartAsync(CancellationToken.None);

    /// <summary>The Function App as Program.cs builds it, with <paramref name="hostName"/> as the environment gives it.</summary>
    private static IHost BuildApp(string? hostName, RecordingLoggerProvider logs)
    {
        var builder = FunctionsApplication.CreateBuilder([]);
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Aps:ClientId"] = "client", ["Aps:ClientSecret"] = "secret", ["Aps:AccountId"] = "6f1a4a7e-0f5b-4a53-9d1e-3c4b2a1f0e9d",
            ["BackupStorage:ConnectionString"] = "UseDevelopmentStorage=true", ["Backup:Schedule"] = "0 0 2 * * *",
            [WebsiteHostNameCheck.Setting] = hostName,
            // What the Functions host passes a worker it starts (the worker's other hosted services need it; nothing connects).
            ["Functions:Worker:HostEndpoint"] = "http://127.0.0.1:9",
        });
        builder.AddBackupFunctions();
        builder.Logging.AddProvider(logs);
        return builder.Build();
    }
}
