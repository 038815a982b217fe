using System.Collections.Concurrent;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Runs.State;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;
using Polly.Retry;

namespace AccBackup.Tests.Backup.Copying;

/// <summary>The copy engine wired through its real DI registration to an in-process APS emulator and Azurite.</summary>
internal sealed class CopyEngineHost : IAsyncDisposable
{
    private CopyEngineHost(EmulatorServer emulator, ServiceProvider services, InFlightCounter downloads, CapturedLogs logs)
    {
        Emulator = emulator;
        Services = services;
        Downloads = downloads;
        Logs = logs;
    }

    public EmulatorServer Emulator { get; }

    public ServiceProvider Services { get; }

    public InFlightCounter Downloads { get; }

    public CapturedLogs Logs { get; }

    public BlobContainer Container => Services.GetRequiredService<BlobContainer>();

    /// <summary>The state container: latest pointer, quota budget blobs, each run's working records.</summary>
    public BlobContainer State => Services.GetRequiredKeyedService<BlobContainer>(BlobContainer.StateKey);

    /// <summary>A client for the backup container without the write-once guard: for a test to damage the backup as an
    /// outside hand could (the product's own clients refuse any overwrite or delete).</summary>
    public BlobContainer Unguarded => unguarded ??= new BlobContainer(Services.GetRequiredService<IOptions<BlobStorageOptions>>(), NullLogger<BlobContainer>.Instance);

    private BlobContainer? unguarded;

    /// <summary>Starts an emulator with <paramref name="emulatorOptions"/> and the engine's services on a fresh Azurite container.</summary>
    /// <param name="emulatorOptions">The emulated account and its faults.</param>
    /// <param name="settings">Configuration over the test defaults.</param>
    /// <param name="downloadAttempts">Attempts of one signed-URL GET (the product's <see cref="BlobCopier.DownloadAttempts"/> unless a test says otherwise).</param>
    /// <param name="time">The engine's clock (the system's unless a test moves its own).</param>
    public static async Task<CopyEngineHost> StartAsync(
        EmulatorOptions emulatorOptions, IDictionary<string, string?>? settings = null, int downloadAttempts = BlobCopier.DownloadAttempts, TimeProvider? time = null)
    {
        var azurite = await AzuriteServer.GetAsync();
        var emulator = await EmulatorServer.StartAsync(emulatorOptions);
        // The copy engine's runs keep the files only: the modules (Sheets, Members) have their own hosts and tests.
        var values = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("copy"), new Dictionary<string, string?>
        {
            ["Copy:ChunkedRetryDelay"] = "00:00:00.050",
            ["Backup:Modules"] = "files",
        });
        foreach (var (key, value) in settings ?? new Dictionary<string, string?>())
        {
            values[key] = value;
        }

        var downloads = new InFlightCounter();
        var logs = new CapturedLogs();
        var services = new ServiceCollection();
        services.AddLogging(b => b.SetMinimumLevel(LogLevel.Trace).AddProvider(logs));
        if (time is not null)
        {
            services.AddSingleton(time);
        }

        services.AddBackupRuns(new ConfigurationBuilder().AddInMemoryCollection(values).Build());
        services.AddHttpClient(BlobCopier.DownloadClientName).AddHttpMessageHandler(() => downloads.CreateHandler());

        // Download retries without waits: the faults are injected by the emulator, the backoff is SignedDownloadHandlerTests'.
        services.Configure<RetryStrategyOptions<HttpResponseMessage>>(BlobCopier.DownloadClientName, retry =>
        {
            retry.Delay = TimeSpan.Zero;
            retry.MaxRetryAttempts = downloadAttempts - 1;
        });
        var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });
        await provider.GetRequiredService<BlobContainer>().CreateIfNotExistsAsync(CancellationToken.None);
        return new CopyEngineHost(emulator, provider, downloads, logs);
    }

    /// <summary>Lists the whole account the way a backup does: a dry run (the production listing, nothing copied), then its inventory.</summary>
    public async Task<IReadOnlyList<InventoryRecord>> ListAccountAsync()
    {
        var runId = "list-" + Guid.NewGuid().ToString("N");
        var run = await Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(runId, DryRun: true, FullRescan: true), null, CancellationToken.None);
        Assert.Empty(run.Summary.FailedProjects);

        var blobs = Services.GetRequiredService<NdjsonBlobs>();
        var files = new List<InventoryRecord>();
        await foreach (var chunk in State.ListAsync(RunLayout.InventoryPrefix(runId), CancellationToken.None))
        {
            files.AddRange(await blobs.ReadAsync(chunk.Name, RunJsonContext.Default.InventoryRecord, CancellationToken.None) ?? []);
        }

        return files;
    }

    public async ValueTask DisposeAsync()
    {
        unguarded?.Dispose();
        await Services.DisposeAsync();
        await Emulator.DisposeAsync();
    }

    /// <summary>Counts requests in flight through the download client, keeping the peak.</summary>
    internal sealed class InFlightCounter
    {
        private int current;
        private int peak;

        public int Peak => Volatile.Read(ref peak);

        public DelegatingHandler CreateHandler() => new Handler(this);

        private sealed class Handler(InFlightCounter owner) : DelegatingHandler
        {
            protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
            {
                var now = Interlocked.Increment(ref owner.current);
                for (var seen = owner.Peak; now > seen && Interlocked.CompareExchange(ref owner.peak, now, seen) != seen; seen = owner.Peak)
                {
                }

                HttpResponseMessage response;
                try
                {
                    response = await base.SendAsync(request, cancellationToken);
                }
                catch
                {
                    Interlocked.Decrement(ref owner.current);
                    throw;
                }

                // The transfer lasts until the body has been read: count it until the body stream is disposed.
                var body = await response.Content.ReadAsStreamAsync(cancellationToken);
                var counted = new StreamContent(new ReleasingStream(body, () => Interlocked.Decrement(ref owner.current)));
                foreach (var header in response.Content.Headers)
                {
                    counted.Headers.TryAddWithoutValidation(header.Key, header.Value);
                }

                response.Content = counted;
                return response;
            }
        }
    }

    /// <summary>Every log line of the run, formatted, at every level.</summary>
    internal sealed class CapturedLogs : ILoggerProvider
    {
        public ConcurrentQueue<string> Lines { get; } = new();

        public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

        public void Dispose()
        {
        }

        private sealed class Logger(CapturedLogs owner, string category) : ILogger
        {
            public IDisposable? BeginScope<TState>(TState state)
                where TState : notnull => null;

            public bool IsEnabled(LogLevel logLevel) => true;

            public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
                owner.Lines.Enqueue($"{logLevel} {category}: {formatter(state, exception)} {exception}");
        }
    }
}
