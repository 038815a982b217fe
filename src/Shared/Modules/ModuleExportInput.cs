namespace AccBackup.Modules;

/// <summary>Input of one module's export for one project in one run.</summary>
/// <param name="Module">The module (<see cref="ModuleNames"/>).</param>
/// <param name="BaseRunId">The latest finished run, whose snapshot of this module lets unchanged parts be carried (a PDF not
/// exported again); null reads everything.</param>
/// <param name="ListingKey">The key the run's listings of this project wrote their folders and files under (<see cref="ModuleNames.ReadListedTree"/>'s
/// modules read them); null for the other modules.</param>
public sealed record ModuleExportInput(string Module, string RunId, string ProjectId, string ProjectName, string? BaseRunId, string? ListingKey = null)
{
    /// <summary>The project's file versions <see cref="BaseRunId"/> stored, by version id: an attachment that is one of those Docs
    /// files points at that blob instead of being copied (RFIs). Read only if an attachment asks; null when there is no run before.</summary>
    public Issues.StoredVersionsReader? StoredVersions { get; init; }
}
