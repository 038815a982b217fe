using AccBackup.Backup;
using AccBackup.Bench.Children;
using AccBackup.Bench.Hosting;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Verification;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Scenarios;

/// <summary>One scenario's world: a fresh Azurite and a fresh emulator (in this process), and the way each variant is run
/// in its own child process, measured and verified.</summary>
internal sealed class ScenarioContext : IAsyncDisposable
{
    private readonly WarningLog parentWarnings = new();
    private readonly DownloadGauge parentDownloads = new();

    private ScenarioContext(string name, double compression, AzuriteServer azurite, AzuriteProcess? azuriteProcess, EmulatorServer emulator)
    {
        Name = name;
        Compression = compression;
        Azurite = azurite;
        AzuriteProcess = azuriteProcess;
        Emulator = emulator;
    }

    public string Name { get; }

    /// <summary>k: the emulator's quota windows are one minute ÷ k, and the client's pacing runs k times faster.</summary>
    public double Compression { get; }

    public AzuriteServer Azurite { get; }

    public AzuriteProcess? AzuriteProcess { get; }

    public EmulatorServer Emulator { get; }

    public static async Task<ScenarioContext> StartAsync(string name, EmulatorOptions options, double compression, CancellationToken cancellationToken)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var azurite = await AzuriteServer.StartAsync(cancellationToken);
        var emulator = await EmulatorServer.StartAsync(options, cancellationToken);
        Console.WriteLine($"  [{name}] Azurite and emulator started in {clock.Elapsed.TotalSeconds:F1} s");
        return new ScenarioContext(name, compression, azurite, AzuriteProcess.Find(azurite.Port), emulator);
    }

    /// <summary>The product's settings on a container of this scenario, paced (or not) to this scenario's quota window.</summary>
    public Dictionary<string, string?> Settings(string container, bool clientRateLimiting, IReadOnlyDictionary<string, string?>? overrides = null) =>
        EngineSettings.For(Emulator, Azurite, container, clientRateLimiting, overrides);

    /// <summary>The product's services in this process on a container of this scenario: for the pre-scan, the probe and verification.</summary>
    public Task<EngineHost> HostAsync(string container, CancellationToken cancellationToken) =>
        EngineHost.StartAsync(Settings(container, clientRateLimiting: false), 1, parentWarnings, parentDownloads, cancellationToken);

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

    /// <summary>Counts the folder-contents pages a full listing takes: one untimed dry run (lists everything, copies nothing) with quotas off.</summary>
    public async Task<int> CountFolderListingsAsync(CancellationToken cancellationToken)
    {
        var quotas = Emulator.Quotas;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        Emulator.Quotas = AccEmulator.Quotas.QuotaOptions.Disabled;
        Emulator.ResetStats();
        try
        {
            await using var host = await HostAsync("prescan", cancellationToken);
            await host.Get<AccBackup.Runs.BackupRunner>().RunAsync(new AccBackup.Runs.BackupRunRequest(DryRun: true, FullRescan: true), null, cancellationToken);
            var pages = (int)Emulator.GetStats().Count(EndpointCategory.FolderContents, 200);
            Console.WriteLine($"  [{Name}] pre-scan: {pages} folder pages in {clock.Elapsed.TotalSeconds:F1} s");
            return pages;
        }
        finally
        {
            Emulator.Quotas = quotas;
            Emulator.ResetStats();
        }
    }

    /// <summary>Runs one variant in a child process on <paramref name="container"/>: measured, then verified against <paramref name="scope"/> (all files when null).</summary>
    /// <param name="scope">Which of the truth's files the variant was asked to copy; given the child's sampled item ids, if any.</param>
    public async Task<VariantReport> RunVariantAsync(
        string variant, string kind, string container, bool clientRateLimiting, IReadOnlyDictionary<string, string?>? overrides,
        Func<IReadOnlyList<TruthFile>, IReadOnlySet<string>, IReadOnlyList<TruthFile>>? scope, CancellationToken cancellationToken,
        FileCopyRequest? largeFile = null, string? runId = null)
    {
        Console.WriteLine($"  [{Name}] {variant} ...");
        var spec = new ChildSpec(kind, Name, variant, Settings(container, clientRateLimiting, overrides), Compression, runId ?? $"{Name}-{variant}", largeFile, "");
        ChildResult? child = null;
        await using var meter = VariantMeter.Start(Emulator, AzuriteProcess);
        var outcome = await VariantWatchdog.RunAsync(async ct =>
        {
            child = await ChildLauncher.RunAsync(spec, ct);
            return child.Outcome;
        }, Emulator, AzuriteProcess, cancellationToken);
        var measured = await meter.StopAsync();

        var verifying = System.Diagnostics.Stopwatch.StartNew();
        var truth = await TruthAsync(cancellationToken);
        var sampled = (IReadOnlySet<string>)(child?.SampledItems?.ToHashSet(StringComparer.Ordinal) ?? []);
        await using var host = await HostAsync(container, cancellationToken);
        var verification = await TruthVerifier.VerifyAsync(host.Container, scope is null ? truth : scope(truth, sampled), cancellationToken);
        var manifestBytes = await ManifestBytesAsync(host, spec.RunId, cancellationToken);
        var report = VariantReports.Create(variant, outcome, child, measured, verification, manifestBytes);
        Console.WriteLine($"  [{Name}] {variant}: {report.WallSeconds:F1} s, {report.MbPerSecond:F1} MB/s, peak RSS {report.PeakRssMb:F0} MB, verified {report.Verified} " +
            $"(child {measured.Wall.TotalSeconds:F1} s, verification {verifying.Elapsed.TotalSeconds:F1} s)");
        return report;
    }

    // The run's manifest.json, if the variant wrote one: what a run must hold in memory at its end, whatever the scale.
    private static async Task<long> ManifestBytesAsync(EngineHost host, string runId, CancellationToken cancellationToken)
    {
        var name = AccBackup.Manifest.RunLayout.Json(runId);
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
