namespace AccBackup.Runs;

/// <summary>A run asked for projects the account does not have (a typo, a project renamed or archived): nothing is backed up
/// in their place, or an empty run would pass for a backup.</summary>
/// <remarks>An <see cref="InvalidOperationException"/>, so the CLI reports its message and exits 1.</remarks>
public sealed class UnknownProjectsException(IReadOnlyList<string> projects, string? setting)
    : InvalidOperationException(
        $"No project of the account has the name or id {string.Join(", ", projects.Select(p => $"'{p}'"))}"
        + (setting is null ? "" : $" (given in {setting})") + ": check the spelling, or leave the project out.")
{
    /// <summary>The names or ids that match no project, as they were given.</summary>
    public IReadOnlyList<string> Projects { get; } = projects;

    /// <summary>The setting that gave them (<c>Backup:IncludeProjects</c>); null when the run's own request did.</summary>
    public string? Setting { get; } = setting;
}
