using AccBackup.Backup;
using AccBackup.Bench.Measure;
using AccBackup.Runs;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.Bench.Hosting;

/// <summary>The product's services wired through their real DI registration to the emulator and one Azurite container.</summary>
/// <remarks>Built like tests/Shared.Tests/Backup/CopyEngineHost.cs, but with the product's default retry delays: nothing is tuned.</remarks>
internal sealed class EngineHost : IAsyncDisposable
{
    private EngineHost(ServiceProvider services) => Services = services;

    /// <summary>The container of resolved services; one per variant run, so quota buckets and pools start fresh.</summary>
    public ServiceProvider Services { get; }

    /// <summary>The backup container.</summary>
    public BlobContainer Container => Services.GetRequiredService<BlobContainer>();

    /// <summary>Wires the services to <paramref name="emulator"/> and the container <paramref name="containerName"/>, and creates it.</summary>
    /// <param name="clientRateLimiting">Whether the APS client paces itself to the quotas (off when the emulator has none).</param>
    public static async Task<EngineHost> StartAsync(
        EmulatorServer emulator, AzuriteServer azurite, string containerName, bool clientRateLimiting, WarningLog warnings, DownloadGauge downloads,
        IReadOnlyDictionary<string, string?>? overrides, CancellationToken cancellationToken)
    {
        var values = Settings(emulator, azurite, containerName, clientRateLimiting, overrides);
        var services = new ServiceCollection();
        services.AddLogging(b => b.SetMinimumLevel(LogLevel.Warning).AddProvider(warnings));
        services.AddBackupRuns(new ConfigurationBuilder().AddInMemoryCollection(values).Build());
        services.AddHttpClient(BlobCopier.DownloadClientName).AddHttpMessageHandler(downloads.CreateHandler);
        var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });
        var host = new EngineHost(provider);
        await host.Container.CreateIfNotExistsAsync(cancellationToken);
        return host;
    }

    /// <summary>The settings every engine or durable variant runs with: the product's defaults, wired to this emulator and container.</summary>
    public static Dictionary<string, string?> Settings(
        EmulatorServer emulator, AzuriteServer azurite, string containerName, bool clientRateLimiting, IReadOnlyDictionary<string, string?>? overrides)
    {
        var values = new Dictionary<string, string?>
        {
            ["Aps:BaseUrl"] = emulator.BaseUrl.ToString(),
            ["Aps:ClientId"] = emulator.ClientId,
            ["Aps:ClientSecret"] = emulator.ClientSecret,
            ["Aps:AccountId"] = emulator.AccountId,
            ["Aps:RateLimitingEnabled"] = clientRateLimiting ? "true" : "false",
            ["BackupStorage:ConnectionString"] = azurite.ConnectionString,
            ["BackupStorage:ContainerName"] = containerName,
        };
        foreach (var (key, value) in overrides ?? new Dictionary<string, string?>())
        {
            values[key] = value;
        }

        return values;
    }

    /// <summary>A service of the product.</summary>
    public T Get<T>()
        where T : notnull => Services.GetRequiredService<T>();

    /// <inheritdoc />
    public ValueTask DisposeAsync() => Services.DisposeAsync();
}
