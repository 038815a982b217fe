namespace AccBackup.Manifest;

/// <summary>One module's counts in one run, summed over its projects.</summary>
/// <param name="Module">The module's name in <c>Backup:Modules</c> (e.g. <c>sheets</c>).</param>
/// <param name="Projects">Projects whose module was read whole or in part.</param>
/// <param name="Counts">The module's own counts by name (e.g. <c>sheets</c>, <c>pdfsStored</c>), each documented by its exporter.</param>
public sealed record ModuleTotals(string Module, int Projects, IReadOnlyDictionary<string, long> Counts);
