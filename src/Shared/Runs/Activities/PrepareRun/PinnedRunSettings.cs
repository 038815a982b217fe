using AccBackup.Backup.Settings;

namespace AccBackup.Runs.Activities;

/// <summary>The settings a run fixes when it starts, for all its work: what <see cref="PrepareRunActivity"/> reads from
/// <see cref="BackupOptions"/> and <see cref="Scheduling.RunPlans"/> puts into the run's plan, the one road they travel on.</summary>
/// <param name="IncludeHidden">Whether hidden folders and files are backed up (Backup:IncludeHidden).</param>
/// <param name="FoldersPerListing">How many sub-folders one listing activity takes (Backup:FoldersPerListing).</param>
/// <param name="Versions">Which versions of a changed file are stored (Backup:Versions).</param>
public sealed record PinnedRunSettings(bool IncludeHidden, int FoldersPerListing, BackupVersions Versions)
{
    /// <summary>The defaults of <see cref="BackupOptions"/>.</summary>
    public static PinnedRunSettings Defaults { get; } = From(new BackupOptions());

    /// <summary>What a run started now pins of <paramref name="options"/>.</summary>
    public static PinnedRunSettings From(BackupOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return new(options.IncludeHidden, options.FoldersPerListing, options.Versions);
    }
}
