using System.ComponentModel.DataAnnotations;

namespace AccBackup.Backup;

/// <summary>What a backup run covers and when it runs.</summary>
public sealed class BackupOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Backup";

    /// <summary>NCRONTAB schedule of the nightly run (six fields, UTC unless WEBSITE_TIME_ZONE is set). Default: 0 0 2 * * *.</summary>
    [Required(AllowEmptyStrings = false)]
    [RegularExpression(@"^\S+( \S+){5}$", ErrorMessage = "Backup:Schedule must be a six-field NCRONTAB expression, e.g. '0 0 2 * * *'.")]
    public string Schedule { get; set; } = "0 0 2 * * *";

    /// <summary>Project names or ids to back up, comma-separated; empty means every project. Default: empty.</summary>
    public string IncludeProjects { get; set; } = string.Empty;

    /// <summary>Project names or ids to leave out, comma-separated. Default: empty.</summary>
    public string ExcludeProjects { get; set; } = string.Empty;

    /// <summary>Whether hidden items are backed up too. Default: true (a backup should not lose what the UI hides).</summary>
    public bool IncludeHidden { get; set; } = true;

    /// <summary>Folder listings in flight at once per project. Default: 8.</summary>
    [Range(1, 64)]
    public int ParallelListings { get; set; } = 8;

    /// <summary>Whether a project is selected by the include and exclude lists (names compared case-insensitively).</summary>
    public bool Selects(string projectId, string projectName)
    {
        static bool Listed(string list, string id, string name) => list
            .Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Any(entry => string.Equals(entry, id, StringComparison.OrdinalIgnoreCase) || string.Equals(entry, name, StringComparison.OrdinalIgnoreCase));

        var included = string.IsNullOrWhiteSpace(IncludeProjects) || Listed(IncludeProjects, projectId, projectName);
        return included && !Listed(ExcludeProjects, projectId, projectName);
    }
}
