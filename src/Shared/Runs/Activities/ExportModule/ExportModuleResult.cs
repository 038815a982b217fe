using AccBackup.Manifest;

namespace AccBackup.Runs.Activities;

/// <summary>Output of the module-export activity: the module's counts, or why it could not be read for the project.</summary>
/// <param name="Counts">The module's counts by name (<see cref="ModuleTotals.Counts"/>); empty when it could not be read.</param>
/// <param name="Gap">Why the module could not be read (not a member, no permission, not activated); null when it was.</param>
public sealed record ExportModuleResult(string Module, IReadOnlyDictionary<string, long> Counts, ModuleCoverageGap? Gap = null);
