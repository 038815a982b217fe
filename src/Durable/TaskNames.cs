namespace AccBackup.Durable;

/// <summary>The names the orchestrations and activities are registered and called by, in the Function App and the test host alike.</summary>
/// <remarks>Deliberately not the class names: the Durable analyzer fails when a task class and a function share a name.</remarks>
public static class TaskNames
{
    public const string BackupRun = "BackupRun";
    public const string ProjectBackup = "ProjectBackup";
    public const string PrepareRun = "PrepareRun";
    public const string ListFolders = "ListFolders";
    public const string CopyChunk = "CopyChunk";
    public const string ExportIssues = "ExportIssues";
    public const string ProveStoredBlobs = "ProveStoredBlobs";
    public const string AssembleManifest = "AssembleManifest";
}
