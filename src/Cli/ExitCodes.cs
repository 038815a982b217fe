namespace AccBackup.Cli;

/// <summary>What the process's exit code means; scripts and schedulers act on these.</summary>
public static class ExitCodes
{
    /// <summary>Everything asked for was done: every file stored, verified or restored.</summary>
    public const int Success = 0;

    /// <summary>Nothing useful happened: bad settings or usage, unreachable storage, rejected credentials, a fatal error.</summary>
    public const int Fatal = 1;

    /// <summary>The command ran to the end but some files or projects failed (a project's issues included: its files are then
    /// stored, its issues are not), or verification found differences.</summary>
    public const int Incomplete = 2;

    /// <summary>Stopped by Ctrl+C or SIGTERM (128 + SIGINT, as shells report it).</summary>
    public const int Cancelled = 130;
}
