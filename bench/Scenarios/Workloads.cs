using AccEmulator.Control;

namespace AccBackup.Bench.Scenarios;

/// <summary>Builds a scenario's <see cref="Workload"/> from the emulator's truth.</summary>
internal static class Workloads
{
    public static Workload Of(IReadOnlyList<TruthFile> files, int folderListings, bool quotas) => new(
        files.Count,
        files.Count(f => f.HasStorage),
        files.Where(f => f.HasStorage).Sum(f => f.ServedLength ?? 0),
        folderListings,
        quotas,
        files.Where(f => f.HasStorage).Select(f => f.ServedLength ?? 0).DefaultIfEmpty(0).Max());
}
