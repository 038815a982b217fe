using System.ComponentModel.DataAnnotations;

namespace AccBackup.Backup.Settings;

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

    /// <summary>Folders one listing activity lists. Default: 20 (small, so found files reach the copies early).</summary>
    /// <remarks>A listing's files are copied only once its activity ends, and a few listing activities share the listing
    /// quota, so each takes about FoldersPerListing × (listing activities in flight) ÷ (listings per second). Where the
    /// listing and signed-URL quotas bind at once (the bench's quota-bound account), the URL quota idles while files wait
    /// in unfinished listings, and the run ends that much after its floor: at 50, 0.94 of the floor; at 20 and 30,
    /// 0.97 (<c>bench/results/listing-size</c>). Smaller still means more activities, each with its own overhead.</remarks>
    [Range(1, 5000)]
    public int FoldersPerListing { get; set; } = 20;

    /// <summary>Files per inventory chunk, i.e. per copy activity. Default: 250.</summary>
    [Range(1, 5000)]
    public int FilesPerChunk { get; set; } = 250;

    /// <summary>Listing and copy activities in flight at once for a run (a sliding window, not batches). Default: 8.</summary>
    [Range(1, 256)]
    public int MaxActivitiesInFlight { get; set; } = 8;

    /// <summary>Projects whose export of one module (Issues, Sheets, Forms, …) runs at once, beside the window above: each
    /// module has quotas of its own, so each gets these lanes of its own. Default: 16.</summary>
    /// <remarks>A module's export of a project mostly waits: on that module's quota, or for Sheets on the PDFs APS prepares
    /// (polled every Sheets:ExportPollInterval, each poll a call: about 100 a minute ÷ 12 polls a minute ≈ 8 exports waiting at
    /// once keep the exports quota busy, and a night's last projects leave it idle unless more start at once). Each lane holds one project's records until its
    /// snapshot is written. The Function App runs each project's exports in a sub-orchestration of their own (every module of
    /// the project at once), this many projects at once, beside the sub-orchestrations of the files.</remarks>
    [Range(1, 64)]
    public int ExportsPerModule { get; set; } = 16;

    /// <summary>Projects backed up at once by the Function App, each in its own sub-orchestration sharing the window above. Default: 2.</summary>
    /// <remarks>Each project keeps the share of the window it started with, so more projects at once means smaller
    /// windows: with 4 (2 activities each) the durable run took 1.05–1.10 × the in-process run's time on the bench's
    /// quota-bound account, with 2 (4 each) 1.03 ×; a project's last folders then wait less for its own window.</remarks>
    [Range(1, 64)]
    public int ProjectsInParallel { get; set; } = 2;

    /// <summary>Attempts per activity before its work is recorded as failed. Default: 3.</summary>
    [Range(1, 10)]
    public int ActivityAttempts { get; set; } = 3;

    /// <summary>List every folder at least this often, whatever the rollup times say; 0 never forces it. Default: 7.</summary>
    /// <remarks>Guards against an APS rollup that failed to move (a change we could not see otherwise).</remarks>
    [Range(0, 365)]
    public int FullRescanEveryDays { get; set; } = 7;

    /// <summary>Every stored blob is read whole and its SHA-256 proven at least once in this many nights; existence and length
    /// are checked every min(this, 7) nights. A blob found missing or damaged is stored again from ACC. Default: 30.</summary>
    /// <remarks>Each night reads about 1/ProveAllWithinDays of the stored bytes back (Proof/ProofSlice says which).</remarks>
    [Range(1, 366)]
    public int ProveAllWithinDays { get; set; } = 30;

    /// <summary>Which versions of a changed file are stored: the tip only, or every version made since the latest run. Default: Latest.</summary>
    /// <remarks>With All, each item a run finds with a new tip costs one version-list call (its own APS quota, 800 a minute)
    /// when versions lie between the one stored and the tip; items in folders whose rollup is unchanged cost nothing. A
    /// first run, with no earlier run to start from, stores the tips only.</remarks>
    [EnumDataType(typeof(BackupVersions), ErrorMessage = "Backup:Versions must be Latest or All.")]
    public BackupVersions Versions { get; set; } = BackupVersions.Latest;

    /// <summary>Whether a project is selected by the include and exclude lists (names compared case-insensitively).</summary>
    public bool Selects(string projectId, string projectName) => Selects(projectId, projectName, IncludeProjects, ExcludeProjects);

    /// <summary>Whether a project is selected by the given include and exclude lists.</summary>
    public static bool Selects(string projectId, string projectName, string includeProjects, string excludeProjects)
    {
        static bool Listed(string list, string id, string name) => list
            .Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Any(entry => string.Equals(entry, id, StringComparison.OrdinalIgnoreCase) || string.Equals(entry, name, StringComparison.OrdinalIgnoreCase));

        var included = string.IsNullOrWhiteSpace(includeProjects) || Listed(includeProjects, projectId, projectName);
        return included && !Listed(excludeProjects, projectId, projectName);
    }
}
