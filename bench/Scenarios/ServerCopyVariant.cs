using AccBackup.Backup.Copying;
using AccBackup.Backup.Settings;
using AccBackup.Bench.Children;
using AccBackup.Bench.Reporting;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// The <c>server</c> variants (<c>Copy:Mode</c> = server: Put Block From URL, no file byte through the worker): on their own
/// emulator in server-copy mode, whose signed URLs are SAS URLs of blobs in the scenario's Azurite (Azurite copies only
/// from itself). The emulator's bandwidth caps do not apply to those URLs: the bytes move inside Azurite.
/// </summary>
internal static class ServerCopyVariant
{
    /// <summary>The overrides of a server variant: the product's defaults but Copy:Mode.</summary>
    public static readonly IReadOnlyDictionary<string, string?> Overrides = new Dictionary<string, string?> { ["Copy:Mode"] = nameof(CopyMode.Server) };

    /// <summary>Runs <paramref name="variant"/> of <paramref name="kind"/> in Copy:Mode server on a fresh Azurite and emulator in server-copy mode.</summary>
    public static async Task<VariantReport> RunAsync(
        string scenario, string variant, string kind, EmulatorOptions options, IReadOnlyDictionary<string, string?> product, bool clientRateLimiting,
        Func<IReadOnlyList<TruthFile>, IReadOnlySet<string>, IReadOnlyList<TruthFile>>? scope, FileCopyRequest? largeFile, CancellationToken cancellationToken)
    {
        await using var context = await ScenarioContext.StartAsync($"{scenario}-server", options, 1, product, azuriteOnDisk: false, cancellationToken, serverCopy: true);
        var report = await context.RunVariantAsync(variant, kind, $"{scenario}-server", clientRateLimiting, Overrides, scope, cancellationToken, largeFile, $"{scenario}-{variant}");
        var truth = await context.TruthAsync(cancellationToken);
        var bytes = (scope is null ? truth : scope(truth, new HashSet<string>())).Where(f => f.HasStorage).Sum(f => f.ServedLength ?? 0);
        return report with
        {
            // Azurite served the bytes, not the emulator: MB/s is the files' bytes over the wall time.
            MbPerSecond = Math.Round(bytes / 1e6 / Math.Max(report.WallSeconds, 0.001), 2),
            Note = $"Copy:Mode server on its own emulator in server-copy mode (signed URLs are Azurite SAS URLs, objects uploaded before the run; the 8/100 MB/s caps " +
                $"don't apply to them; MB/s = the files' {bytes / 1e6:F0} MB / wall); {report.Note}",
        };
    }
}
