using AccBackup.AccRestore;

namespace AccBackup.BackupConsole.Restores;

/// <summary>One restore the local console is planning or applying: its target projects and where it is (updated as files end).</summary>
internal sealed class RestoreJob(string restoreId, IReadOnlyCollection<string> projects, string phase) : IProgress<RestoreApplyProgress>
{
    private volatile RestoreProgress progress = new(phase, 0, 0);

    /// <summary>The restore.</summary>
    public string RestoreId { get; } = restoreId;

    /// <summary>Where it is now.</summary>
    public RestoreProgress Progress
    {
        get => progress;
        set => progress = value;
    }

    /// <summary>Whether it is still planning or writing.</summary>
    public bool IsActive => Progress.Phase is RestoreProgress.Planning or RestoreProgress.Applying;

    /// <summary>Whether it may write into one of <paramref name="others"/> ("*": every project).</summary>
    public bool Overlaps(IReadOnlyCollection<string> others) =>
        projects.Contains("*") || others.Contains("*") || projects.Intersect(others, StringComparer.OrdinalIgnoreCase).Any();

    /// <inheritdoc />
    public void Report(RestoreApplyProgress value) => Progress = new RestoreProgress(RestoreProgress.Applying, value.Done, 0);
}
