using System.ComponentModel.DataAnnotations;

namespace AccBackup.Modules.Permissions;

/// <summary>How often folder permissions are read in full: the API has no updated-since filter, and a permission change moves no
/// folder time, so between full reads only the folders the night's listing saw change (or new) are read.</summary>
public sealed class PermissionsOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Permissions";

    /// <summary>Read every folder's permissions at least this often (one call per folder); the nights between read only the
    /// folders whose rollup time moved or that are new, and carry the rest. 0 reads every folder every night. Default: 7.</summary>
    [Range(0, 366)]
    public int FullReadEveryDays { get; set; } = 7;
}
