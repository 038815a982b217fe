namespace AccBackup.Backup.Settings;

/// <summary>Which versions of a changed file a run stores (<c>Backup:Versions</c>).</summary>
public enum BackupVersions
{
    /// <summary>The tip version each run finds: a version made and superseded between two runs is not kept. The default.</summary>
    Latest,

    /// <summary>The tip, and every version made since the version the latest run stored: for each item a run finds changed,
    /// its version list is read (one APS call) and every version between the two is stored in its own blob too.</summary>
    All,
}
