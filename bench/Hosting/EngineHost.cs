using AccBackup.Backup.Copying;
using AccBackup.Bench.Measure;
using AccBackup.Runs;
using AccBackup.Storage;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.Bench.Hosting;

/// <summary>The product's services wired through their real DI registration to the emulator and one Azurite container.</summary>
/// <remarks>Built like tests/Shared.Tests/Backup/Copying/CopyEngineHost.cs, but with the product's default retry delays: nothing is tuned.</remarks>
internal sealed class EngineHost : IAsyncDisposable
{
    private EngineHost(ServiceProvider services) => Services = services;

    /// <summary>The container of resolved services; one per variant run, so quota buckets and pools start fresh.</summary>
    public ServiceProvider Services { get; }

    /// <summary>The backup container.</summary>
    public BlobContainer Container => Services.GetRequiredService<BlobContainer>();

    /// <summary>Wires the services with <paramref name="settings"/> (see <see cref="EngineSettings"/>) and creates the container.</summary>
    /// <param name="compression">k: the client's APS pacing runs k times faster (<see cref="CompressedPacing"/>), matching the emulator.</param>
    /// <param name="configure">More registrations after the product's (e.g. a measuring handler on one of its HTTP clients).</param>
    public static async Task<EngineHost> StartAsync(
        IReadOnlyDictionary<string, string?> settings, double compression, WarningLog warnings, DownloadGauge downloads, CancellationToken cancellationToken,
        Action<IServiceCollection>? configure = null)
    {
        var services = new ServiceCollection();
        services.AddLogging(b => b.SetMinimumLevel(LogLevel.Warning).AddProvider(warnings));
        services.AddBackupRuns(new ConfigurationBuilder().AddInMemoryCollection(settings).Build());
        CompressedPacing.Apply(services, compression);
        services.AddHttpClient(BlobCopier.DownloadClientName).AddHttpMessageHandler(downloads.CreateHandler);
        configure?.Invoke(services);
        var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });
        var host = new EngineHost(provider);
        await host.Container.CreateIfNotExistsAsync(cancellationToken);
        return host;
    }

    /// <summary>A service of the product.</summary>
    public T Get<T>()
        where T : notnull => Services.GetRequiredService<T>();

    /// <inheritdoc />
    public ValueTask DisposeAsync() => Services.DisposeAsync();
}
