using AccBackup.Backup.Listing;

namespace AccBackup.Modules;

/// <summary>What a run's file listing found in one project: every folder (listed or carried) and every file version. The modules
/// that read per folder or per version (<see cref="ModuleNames.ReadListedTree"/>) take their ids from here instead of listing
/// the tree again.</summary>
/// <param name="Folders">Every folder with its path and rollup time.</param>
/// <param name="Files">Every file version (tips, and earlier versions under <c>Backup:Versions</c> = All).</param>
public sealed record ListedProject(IReadOnlyList<FolderRef> Folders, IReadOnlyList<InventoryRecord> Files);
