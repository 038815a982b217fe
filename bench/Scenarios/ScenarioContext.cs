using AccBackup.Bench.Hosting;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Verification;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Scenarios;

/// <summary>One scenario's world: a fresh Azurite and a fresh emulator, and the way each variant is run, measured and verified.</summary>
internal sealed class ScenarioContext : IAsyncDisposable
{
    private ScenarioContext(string name, AzuriteServer azurite, AzuriteProcess? azuriteProcess, EmulatorServer emulator)
    {
        Name = name;
        Azurite = azurite;
        AzuriteProcess = azuriteProcess;
        Emulator = emulator;
    }

    public string Name { get; }

    public AzuriteServer Azurite { get; }

    public AzuriteProcess? AzuriteProcess { get; }

    public EmulatorServer Emulator { get; }

    public WarningLog Warnings { get; } = new();

    public DownloadGauge Downloads { get; } = new();

    public static async Task<ScenarioContext> StartAsync(string name, EmulatorOptions options, CancellationToken cancellationToken)
    {
        var azurite = await AzuriteServer.StartAsync(cancellationToken);
        var emulator = await EmulatorServer.StartAsync(options, cancellationToken);
        return new ScenarioContext(name, azurite, AzuriteProcess.Find(azurite.Port), emulator);
    }

    /// <summary>The product's services on a container of this scenario (created if needed).</summary>
    public Task<EngineHost> HostAsync(string container, bool clientRateLimiting, CancellationToken cancellationToken) =>
        EngineHost.StartAsync(Emulator, Azurite, container, clientRateLimiting, Warnings, Downloads, null, cancellationToken);

    /// <summary>Like <see cref="HostAsync(string, bool, CancellationToken)"/> with settings changed: for diagnostic variants only.</summary>
    public Task<EngineHost> HostAsync(string container, bool clientRateLimiting, IReadOnlyDictionary<string, string?> overrides, CancellationToken cancellationToken) =>
        EngineHost.StartAsync(Emulator, Azurite, container, clientRateLimiting, Warnings, Downloads, overrides, cancellationToken);

    /// <summary>Every live file with its SHA-256 (hashed once by the emulator, then cached).</summary>
    public Task<IReadOnlyList<TruthFile>> TruthAsync(CancellationToken cancellationToken) =>
        Emulator.Truth.GetFilesAsync(TruthHashing.All, cancellationToken);

    /// <summary>Counts the folder-contents pages a full listing takes: one untimed dry run (lists everything, copies nothing) with quotas off.</summary>
    public async Task<int> CountFolderListingsAsync(CancellationToken cancellationToken)
    {
        var quotas = Emulator.Quotas;
        Emulator.Quotas = AccEmulator.Quotas.QuotaOptions.Disabled;
        Emulator.ResetStats();
        try
        {
            await using var host = await HostAsync("prescan", clientRateLimiting: false, cancellationToken);
            await host.Get<AccBackup.Runs.BackupRunner>().RunAsync(new AccBackup.Runs.BackupRunRequest(DryRun: true, FullRescan: true), null, cancellationToken);

            return (int)Emulator.GetStats().Count(EndpointCategory.FolderContents, 200);
        }
        finally
        {
            Emulator.Quotas = quotas;
            Emulator.ResetStats();
        }
    }

    /// <summary>Runs one variant on <paramref name="host"/>: measured, then verified against <paramref name="scope"/> (all files when null).</summary>
    public async Task<VariantReport> RunVariantAsync(
        string variant, EngineHost host, Func<CancellationToken, Task<VariantOutcome>> run, Func<IReadOnlyList<TruthFile>, IReadOnlyList<TruthFile>>? scope,
        CancellationToken cancellationToken)
    {
        Console.WriteLine($"  [{Name}] {variant} ...");
        Warnings.Reset();
        await using var meter = VariantMeter.Start(Emulator, AzuriteProcess, Downloads);
        var outcome = await VariantWatchdog.RunAsync(run, Emulator, AzuriteProcess, Downloads, cancellationToken);
        var measured = await meter.StopAsync();

        var truth = await TruthAsync(cancellationToken);
        var verification = await TruthVerifier.VerifyAsync(host.Container, scope is null ? truth : scope(truth), cancellationToken);
        var report = VariantReports.Create(variant, outcome, measured, verification, Warnings);
        Console.WriteLine($"  [{Name}] {variant}: {report.WallSeconds:F1} s, {report.MbPerSecond:F1} MB/s, verified {report.Verified}");
        return report;
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        await Emulator.DisposeAsync();
        await Azurite.DisposeAsync();
        Warnings.Dispose();
    }
}
