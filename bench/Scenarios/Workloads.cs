using AccBackup.Acc;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;

namespace AccBackup.Bench.Scenarios;

/// <summary>Builds a scenario's <see cref="Workload"/> from the emulator's truth and its <see cref="QuotaModel"/> from the options it ran with.</summary>
internal static class Workloads
{
    public static Workload Of(IReadOnlyList<TruthFile> files, int folderListings, bool quotas) => new(
        files.Count,
        files.Count(f => f.HasStorage),
        files.Where(f => f.HasStorage).Sum(f => f.ServedLength ?? 0),
        folderListings,
        quotas,
        files.Where(f => f.HasStorage).Select(f => f.ServedLength ?? 0).DefaultIfEmpty(0).Max());

    /// <summary>
    /// Folder-contents pages a full listing takes: the most any variant's listing got answered (200) — engine-full and
    /// seed-parallel-8 list every folder once (no previous run), so the count is the account's, measured, not assumed.
    /// </summary>
    public static int FolderPages(IReadOnlyList<Reporting.VariantReport> variants) => (int)variants.Select(v => v.FolderPages).DefaultIfEmpty(0).Max();

    /// <summary>The emulator's quotas as set, the client's share as the product's default Aps:Quota:Share (nothing is tuned).</summary>
    public static QuotaModel ModelOf(QuotaOptions emulator, bool clientPacing) => new(
        emulator.Window,
        emulator.Limits.GetValueOrDefault(EndpointCategory.FolderContents, int.MaxValue),
        emulator.Limits.GetValueOrDefault(EndpointCategory.Oss, int.MaxValue),
        clientPacing ? new ApsOptions().Quota.Share : 1.0,
        BenchSettings.TotalBytesPerSecond);
}
