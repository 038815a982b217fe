using AccBackup.Functions.Telemetry;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using OpenTelemetry.Logs;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>The Function App's own builder (what Program.cs runs) adds the exporter, and tells the host it does.</summary>
[Trait("Category", "Unit")]
public sealed class AppTelemetryWiringTests
{
    [Fact]
    public void AddBackupFunctions_WithAConnectionString_ExportsAndStopsTheHostRelayingWorkerLogs()
    {
        using var app = Build(new Dictionary<string, string?>
        {
            [BackupTelemetry.ConnectionStringSetting] = "InstrumentationKey=00000000-0000-0000-0000-000000000001;IngestionEndpoint=http://127.0.0.1:9/",
            [IngestionCredential.AuthenticationStringSetting] = $"ClientId={Guid.NewGuid()};Authorization=AAD",
        });

        Assert.NotNull(app.Services.GetService<LoggerProvider>());
        var capabilities = app.Services.GetRequiredService<IOptions<WorkerOptions>>().Value.Capabilities;
        Assert.True(capabilities.TryGetValue("WorkerOpenTelemetryEnabled", out var enabled), "the worker does not tell the host it exports");
        Assert.Equal(bool.TrueString, enabled);
    }

    [Fact]
    public void AddBackupFunctions_WithoutAConnectionString_ExportsNothingAndTheHostRelays()
    {
        using var app = Build([]);

        Assert.Null(app.Services.GetService<LoggerProvider>());
        Assert.False(app.Services.GetRequiredService<IOptions<WorkerOptions>>().Value.Capabilities.ContainsKey("WorkerOpenTelemetryEnabled"));
    }

    private static IHost Build(Dictionary<string, string?> settings)
    {
        var builder = FunctionsApplication.CreateBuilder([]);
        foreach (var (key, value) in settings)
        {
            builder.Configuration[key] = value;
        }

        builder.AddBackupFunctions();
        return builder.Build();
    }
}
