namespace AccBackup.Durable.Restores;

/// <summary>The names the restore's orchestration and activities are registered and called by (not the class names: the
/// Durable analyzer fails when a task class and a function share a name).</summary>
public static class RestoreTaskNames
{
    public const string AccRestore = "AccRestore";
    public const string PlanRestore = "PlanRestore";
    public const string RestoreFolders = "RestoreFolders";
    public const string RestoreFiles = "RestoreFiles";
    public const string RecordRestore = "RecordRestore";
}
