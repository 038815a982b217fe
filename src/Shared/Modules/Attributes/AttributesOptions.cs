using System.ComponentModel.DataAnnotations;

namespace AccBackup.Modules.Attributes;

/// <summary>How often custom attributes are read in full: neither the definitions nor the values have an updated-since filter,
/// and setting a value makes no new version.</summary>
public sealed class AttributesOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Attributes";

    /// <summary>Read every folder's definitions and every version's values at least this often (one call per folder, one per 50
    /// versions); the nights between read the definitions of the folders that are new or whose rollup time moved and the values of
    /// the versions new since the run before, and carry the rest. 0 reads everything every night. Default: 7.</summary>
    [Range(0, 366)]
    public int FullReadEveryDays { get; set; } = 7;
}
