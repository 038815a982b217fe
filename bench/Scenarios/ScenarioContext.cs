using AccBackup.Backup.Copying;
using AccBackup.Bench.Children;
using AccBackup.Bench.Hosting;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Verification;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Bench.Scenarios;

/// <summary>One scenario's world: a fresh Azurite and a fresh emulator (in this process), and the way each variant is run
/// in its own child process, measured and verified.</summary>
internal sealed class ScenarioContext : IAsyncDisposable
{
    private readonly WarningLog parentWarnings = new();
    private readonly DownloadGauge parentDownloads = new();

    private readonly IReadOnlyDictionary<string, string?> product;

    private ScenarioContext(string name, double compression, IReadOnlyDictionary<string, string?> product, BenchAzurite azurite, AzuriteProcess? azuriteProcess, EmulatorServer emulator)
    {
        Name = name;
        this.product = product;
        Compression = compression;
        Azurite = azurite;
        AzuriteProcess = azuriteProcess;
        Emulator = emulator;
    }

    public string Name { get; }

    /// <summary>k: the emulator's quota windows are one minute ÷ k, and the client's pacing runs k times faster.</summary>
    public double Compression { get; }

    public BenchAzurite Azurite { get; }

    public AzuriteProcess? AzuriteProcess { get; }

    public EmulatorServer Emulator { get; }

    /// <param name="product">Product settings that replace the defaults for every variant (<see cref="BenchSettings.ProductSettings"/>).</param>
    /// <param name="azuriteOnDisk">Azurite keeps blobs in a temporary folder, not in memory (accounts of many GB).</param>
    /// <param name="serverCopy">The emulator's server-copy mode: its signed URLs are SAS URLs of blobs it uploads to this Azurite first.</param>
    public static async Task<ScenarioContext> StartAsync(
        string name, EmulatorOptions options, double compression, IReadOnlyDictionary<string, string?> product, bool azuriteOnDisk, CancellationToken cancellationToken,
        bool serverCopy = false)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
#pragma warning disable CA2000 // Owned by the context returned (disposed with it), or disposed below when the emulator fails to start.
        var azurite = await BenchAzurite.StartAsync(azuriteOnDisk, cancellationToken);
#pragma warning restore CA2000
        try
        {
            if (serverCopy)
            {
                // Uploaded before the emulator listens, so no measurement includes the upload.
                options = options with { ServerCopy = new AccEmulator.ServerCopy.ServerCopyOptions { ConnectionString = azurite.ConnectionString, UploadAtStart = true } };
            }

            var emulator = await EmulatorServer.StartAsync(options, cancellationToken);
            Console.WriteLine($"  [{name}] Azurite ({azurite.Storage}) and emulator started in {clock.Elapsed.TotalSeconds:F1} s");
            return new ScenarioContext(name, compression, product, azurite, AzuriteProcess.Find(azurite.Port), emulator);
        }
        catch
        {
            await azurite.DisposeAsync();
            throw;
        }
    }

    /// <summary>The product's settings on a container of this scenario, paced (or not) to this scenario's quota window;
    /// the run's <c>--set</c> settings, then the variant's <paramref name="overrides"/>, replace the defaults.</summary>
    public Dictionary<string, string?> Settings(string container, bool clientRateLimiting, IReadOnlyDictionary<string, string?>? overrides = null) =>
        EngineSettings.For(Emulator, Azurite, container, clientRateLimiting, Merged(product, overrides));

    // The variant's own overrides win over the run's --set (a server variant keeps Copy:Mode whatever was set).
    private static Dictionary<string, string?> Merged(IReadOnlyDictionary<string, string?> product, IReadOnlyDictionary<string, string?>? overrides)
    {
        var merged = new Dictionary<string, string?>(product);
        foreach (var (key, value) in overrides ?? new Dictionary<string, string?>())
        {
            merged[key] = value;
        }

        return merged;
    }

    /// <summary>The product's services in this process on a container of this scenario: for the pre-scan, the probe and verification.</summary>
    public Task<EngineHost> HostAsync(string container, CancellationToken cancellationToken) =>
        EngineHost.StartAsync(Settings(container, clientRateLimiting: false), 1, parentWarnings, parentDownloads, cancellationToken);

    /// <summary>The product's services in this process paced as the variants are (the client's quota pacing on, compressed by k):
    /// for a run measured here rather than in a child; <paramref name="overrides"/> replace the defaults, <paramref name="configure"/> adds registrations.</summary>
    public Task<EngineHost> PacedHostAsync(
        string container, IReadOnlyDictionary<string, string?> overrides, Action<Microsoft.Extensions.DependencyInjection.IServiceCollection> configure, CancellationToken cancellationToken) =>
        EngineHost.StartAsync(Settings(container, clientRateLimiting: true, overrides), Compression, parentWarnings, parentDownloads, cancellationToken, configure);

    /// <summary>Every live file with its SHA-256 (hashed once by the emulator, then cached).</summary>
    public async Task<IReadOnlyList<TruthFile>> TruthAsync(CancellationToken cancellationToken)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var truth = await Emulator.Truth.GetFilesAsync(TruthHashing.All, cancellationToken);
        if (clock.Elapsed > TimeSpan.FromSeconds(1))
        {
            Console.WriteLine($"  [{Name}] truth: {truth.Count} files hashed in {clock.Elapsed.TotalSeconds:F1} s");
        }

        return truth;
    }

    /// <summary>Runs one variant in a child process on <paramref name="container"/>: measured, then verified against <paramref name="scope"/> (all files when null).</summary>
    /// <param name="scope">Which of the truth's files the variant was asked to copy; given the child's sampled item ids, if any.</param>
    /// <param name="compression">The child's k when not the scenario's (a variant run at APS's real windows: 1).</param>
    public async Task<VariantReport> RunVariantAsync(
        string variant, string kind, string container, bool clientRateLimiting, IReadOnlyDictionary<string, string?>? overrides,
        Func<IReadOnlyList<TruthFile>, IReadOnlySet<string>, IReadOnlyList<TruthFile>>? scope, CancellationToken cancellationToken,
        FileCopyRequest? largeFile = null, string? runId = null, double? compression = null)
    {
        Console.WriteLine($"  [{Name}] {variant} ...");
        var spec = new ChildSpec(kind, Name, variant, Settings(container, clientRateLimiting, overrides), compression ?? Compression, runId ?? $"{Name}-{variant}", largeFile, "");
        var (outcome, child, measured) = await RunChildAsync(spec, cancellationToken);

        var verifying = System.Diagnostics.Stopwatch.StartNew();
        var truth = await TruthAsync(cancellationToken);
        var sampled = (IReadOnlySet<string>)(child?.SampledItems?.ToHashSet(StringComparer.Ordinal) ?? []);
        await using var host = await HostAsync(container, cancellationToken);
        var expected = scope is null ? truth : scope(truth, sampled);
        var verification = await TruthVerifier.VerifyAsync(host.Container, expected, TruthVerifier.HashEvery(expected.Count), cancellationToken);
        var manifestBytes = await ManifestBytesAsync(host, spec.RunId, cancellationToken);
        return Reported(VariantReports.Create(variant, outcome, child, measured, verification, manifestBytes), measured, verifying.Elapsed);
    }

    /// <summary>Restores <paramref name="runId"/> of <paramref name="container"/> in a child process through RunRestorer (as
    /// <c>acc-backup restore</c> does) into a temporary folder: measured, then the folder verified against the truth and deleted.</summary>
    public async Task<VariantReport> RestoreVariantAsync(string variant, string container, string runId, CancellationToken cancellationToken)
    {
        Console.WriteLine($"  [{Name}] {variant} ...");
        var folder = Directory.CreateTempSubdirectory("acc-bench-restore-").FullName;
        try
        {
            var spec = new ChildSpec(ChildKinds.Restore, Name, variant, Settings(container, clientRateLimiting: false), 1, runId, null, "") { RestoreTo = folder };
            var (outcome, child, measured) = await RunChildAsync(spec, cancellationToken);
            var verifying = System.Diagnostics.Stopwatch.StartNew();
            var verification = await RestoredFolderVerifier.VerifyAsync(folder, await TruthAsync(cancellationToken), cancellationToken);
            return Reported(VariantReports.Create(variant, outcome, child, measured, verification, 0), measured, verifying.Elapsed);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private async Task<(VariantOutcome Outcome, ChildResult? Child, ParentMeasurement Measured)> RunChildAsync(ChildSpec spec, CancellationToken cancellationToken)
    {
        ChildResult? child = null;
        await using var meter = VariantMeter.Start(Emulator, AzuriteProcess);
        var outcome = await VariantWatchdog.RunAsync(async ct =>
        {
            child = await ChildLauncher.RunAsync(spec, ct);
            return child.Outcome;
        }, Emulator, AzuriteProcess, cancellationToken);
        return (outcome, child, await meter.StopAsync());
    }

    private VariantReport Reported(VariantReport report, ParentMeasurement measured, TimeSpan verifying)
    {
        Console.WriteLine($"  [{Name}] {report.Name}: {report.WallSeconds:F1} s, {report.MbPerSecond:F1} MB/s, peak RSS {report.PeakRssMb:F0} MB, verified {report.Verified} " +
            $"(child {measured.Wall.TotalSeconds:F1} s, verification {verifying.TotalSeconds:F1} s)");
        return report;
    }

    // The run's manifest.json, if the variant wrote one: what a run must hold in memory at its end, whatever the scale.
    private static async Task<long> ManifestBytesAsync(EngineHost host, string runId, CancellationToken cancellationToken)
    {
        var name = AccBackup.Manifest.Catalog.RunLayout.Json(runId);
        await foreach (var blob in host.Container.ListAsync(name, cancellationToken))
        {
            if (blob.Name == name)
            {
                return blob.Length;
            }
        }

        return 0;
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        await Emulator.DisposeAsync();
        await Azurite.DisposeAsync();
        parentWarnings.Dispose();
    }
}
