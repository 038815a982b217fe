using AccBackup.Manifest;

namespace AccBackup.Modules;

/// <summary>Output of one module's export for one project: its counts, or why it could not be read.</summary>
/// <param name="Counts">The module's counts by name (<see cref="ModuleTotals.Counts"/>); empty when it could not be read.</param>
/// <param name="Gap">Why the module could not be read for this project; null when it was.</param>
public sealed record ModuleExportSummary(string Module, IReadOnlyDictionary<string, long> Counts, ModuleCoverageGap? Gap = null);
