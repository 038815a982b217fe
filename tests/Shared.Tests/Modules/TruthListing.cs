using System.Text.Json;
using AccBackup.Backup.Listing;
using AccBackup.Modules;

namespace AccBackup.Tests.Modules;

/// <summary>A hand-written <see cref="IListedProjectReader"/> for the modules that read the run's listing: the folders of the
/// emulator's permission truth (hidden ones left out, as a listing leaves them) with rollup times the test moves, and the file
/// versions it adds.</summary>
internal sealed class TruthListing : IListedProjectReader
{
    private static readonly DateTimeOffset FirstRollup = new(2026, 1, 5, 8, 0, 0, TimeSpan.Zero);

    private readonly List<FolderRef> folders;

    /// <param name="withoutFolders">A listing that found no folder (its project could not be listed).</param>
    public TruthListing(JsonElement permissionTruthProject, bool withoutFolders = false)
    {
        folders = withoutFolders ? [] : [.. permissionTruthProject.GetProperty("folders").EnumerateArray().Where(f => !f.GetProperty("hidden").GetBoolean())
            .Select(f => f.GetProperty("path").GetString()!.Split('/'))
            .Zip(permissionTruthProject.GetProperty("folders").EnumerateArray().Where(f => !f.GetProperty("hidden").GetBoolean()),
                (names, f) => new FolderRef(f.GetProperty("folderId").GetString()!, names, names, null, FirstRollup))];
    }

    public List<InventoryRecord> Files { get; } = [];

    public int Reads { get; private set; }

    public IReadOnlyList<FolderRef> Folders => folders;

    /// <summary>Moves a folder's rollup, as a change below it does.</summary>
    public void Touch(string folderId, TimeSpan later)
    {
        var at = folders.FindIndex(f => f.Id == folderId);
        folders[at] = folders[at] with { Rollup = FirstRollup + later };
    }

    public Task<ListedProject> ReadAsync(string runId, string listingKey, CancellationToken cancellationToken)
    {
        Reads++;
        return Task.FromResult(new ListedProject([.. folders], [.. Files]));
    }
}
