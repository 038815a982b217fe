using System.Globalization;

namespace AccBackup.Bench.Reporting;

/// <summary>The restore of the link-bound engine-full run beside that backup: how fast each moved the account's bytes.</summary>
/// <param name="RestoreMbPerSecond">Bytes written by the restore (each proven by its SHA-256) / its wall, 10^6 bytes.</param>
/// <param name="BackupMbPerSecond">engine-full's download MB/s on the same account.</param>
/// <param name="Ratio">Restore MB/s ÷ backup MB/s (goal ≥ <see cref="Goal"/>).</param>
internal sealed record RestoreFigures(double RestoreMbPerSecond, double RestoreSeconds, double BackupMbPerSecond, double BackupSeconds, double Ratio, bool Verified)
{
    /// <summary>Restore throughput as a share of the backup's that issue 25 asks for.</summary>
    public const double Goal = 0.9;

    public static RestoreFigures Of(VariantReport restore, VariantReport backup) => new(
        restore.MbPerSecond, restore.WallSeconds, backup.MbPerSecond, backup.WallSeconds,
        Math.Round(restore.MbPerSecond / Math.Max(backup.MbPerSecond, 0.001), 3), restore.Verified && backup.Verified);

    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"restore of engine-full's run: {RestoreMbPerSecond:F1} MB/s ({RestoreSeconds:F1} s) vs the backup's {BackupMbPerSecond:F1} MB/s ({BackupSeconds:F1} s): {Ratio:F2} × (goal ≥ {Goal})");
}
