namespace AccBackup.Storage;

/// <summary>How the backup container is shared: backed-up files under their project's folder, the tool's own data under one reserved folder.</summary>
public static class ContainerLayout
{
    /// <summary>The top-level folder of the tool's own data (manifests, run records); no backed-up file's name starts with it.</summary>
    public const string ReservedPrefix = "$acc-backup";
}
