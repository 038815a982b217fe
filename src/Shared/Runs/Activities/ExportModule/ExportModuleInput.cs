namespace AccBackup.Runs.Activities;

/// <summary>Input of the module-export activity: one module (<see cref="Modules.ModuleNames"/>) of one project.</summary>
/// <param name="BaseRunId">The latest finished run, whose snapshot of the module lets unchanged parts be carried; null reads everything.</param>
/// <param name="ListingKey">The output key of the project's first listing: its listings' folders and files are under it (the modules of
/// <see cref="Modules.ModuleNames.ReadListedTree"/> read them).</param>
public sealed record ExportModuleInput(string Module, string RunId, ProjectRef Project, string? BaseRunId, string? ListingKey = null);
