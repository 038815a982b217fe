namespace AccBackup.Manifest;

/// <summary>What a run kept of each project's record beyond the files (Sheets, …), and what it could not read: the coverage a
/// person checks to know no project was silently half backed up. Issues keep their own counts (<see cref="IssuesSummary"/>)
/// but a project whose issues could not be read is listed in <see cref="Coverage"/> too.</summary>
/// <param name="Modules">Per module kept, its counts over the projects it was read for.</param>
/// <param name="Coverage">Each project and module that could not be read, and why.</param>
public sealed record ModulesSummary(IReadOnlyList<ModuleTotals> Modules, IReadOnlyList<ModuleCoverageGap> Coverage);
