using AccBackup.Backup.Copying;


namespace AccBackup.Bench.Children;

/// <summary>What one child process runs: one variant of one scenario, on the settings the parent wired to its emulator and Azurite.</summary>
/// <param name="Kind">Which copier runs (<see cref="ChildKinds"/>).</param>
/// <param name="Settings">The product's configuration (see Hosting/EngineSettings.cs), overrides included.</param>
/// <param name="Compression">k: the client's APS pacing runs k times faster (Hosting/CompressedPacing.cs).</param>
/// <param name="RunId">The backup run id (engine and durable kinds).</param>
/// <param name="LargeFile">The one file of the large-file kinds.</param>
/// <param name="ResultPath">Where the child writes its <see cref="ChildResult"/> as JSON.</param>
internal sealed record ChildSpec(
    string Kind,
    string Scenario,
    string Variant,
    Dictionary<string, string?> Settings,
    double Compression,
    string RunId,
    FileCopyRequest? LargeFile,
    string ResultPath)
{
    /// <summary>The restore kind: the folder the run <see cref="RunId"/> is restored into.</summary>
    public string? RestoreTo { get; init; }
}

/// <summary>The copiers a child can run.</summary>
internal static class ChildKinds
{
    /// <summary>The seed's rewrite: list everything, then copy 8 at a time, one stream per file.</summary>
    public const string SeedParallel = "seed-parallel";

    /// <summary>List everything, copy a sample one at a time (see Variants/SequentialSample.cs).</summary>
    public const string Sequential = "sequential";

    /// <summary>A backup run through BackupRunner, the CLI's in-process driver.</summary>
    public const string Engine = "engine";

    /// <summary>A backup run through the Function App's orchestrations on the Durable Task test host.</summary>
    public const string Durable = "durable";

    /// <summary>The seed copier on one large file.</summary>
    public const string LargeSeed = "large-seed";

    /// <summary>BlobCopier on one large file.</summary>
    public const string LargeEngine = "large-engine";

    /// <summary>A run restored into a folder through RunRestorer, as <c>acc-backup restore</c> does.</summary>
    public const string Restore = "restore";
}
