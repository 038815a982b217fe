using AccBackup.Backup.Listing;

namespace AccBackup.Modules;

/// <summary>The folders of a project as the run's listing found them, for the modules that read per folder.</summary>
internal static class ListedFolders
{
    /// <summary>What the run's listing found in <paramref name="input"/>'s project: every folder it listed or carried (once each), every file.</summary>
    /// <exception cref="InvalidOperationException">The run found no folder (its listing failed): nothing to read per folder, so the
    /// export fails and the next night reads again.</exception>
    public static async Task<ListedProject> ReadAsync(IListedProjectReader listings, ModuleExportInput input, CancellationToken cancellationToken)
    {
        var listed = await listings.ReadAsync(input.RunId, ListingKeyOf(input), cancellationToken).ConfigureAwait(false);
        return listed.Folders.Count > 0
            ? listed with { Folders = [.. listed.Folders.DistinctBy(f => f.Id, StringComparer.Ordinal)] }
            : throw new InvalidOperationException($"Run {input.RunId} listed no folder of project {input.ProjectName}: its {input.Module} are read the next night.");
    }

    private static string ListingKeyOf(ModuleExportInput input) =>
        input.ListingKey ?? throw new ArgumentException($"Module {input.Module} reads the run's listing of the project, but no listing key was given.", nameof(input));

    /// <summary>The folder's path in the project: its ACC names joined.</summary>
    public static string PathOf(FolderRef folder) => string.Join('/', folder.Names);
}
