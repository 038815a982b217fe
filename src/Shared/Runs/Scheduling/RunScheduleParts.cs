namespace AccBackup.Runs.Scheduling;

/// <summary>Which of a project's work one schedule holds: all of it (acc-backup's run), or one of the two halves the
/// Function App runs in sub-orchestrations of their own, so the files never wait on a module's quota nor a module on the
/// files' window.</summary>
public enum RunScheduleParts
{
    /// <summary>The listings, the copies and every export.</summary>
    All,

    /// <summary>The listings and copies, and the modules that read what the listings found (<see cref="Modules.ModuleNames.ReadListedTree"/>).</summary>
    Files,

    /// <summary>The exports of issues and of every module that does not read the listed tree: no listing.</summary>
    Exports,
}
