namespace AccBackup.Runs.BackupContainer;

/// <summary>Why the backup container can't take a run: <see cref="Code"/> is the run summary's <c>ContainerProblem</c> field.</summary>
/// <param name="Code"><see cref="Missing"/>, <see cref="RetentionMissing"/> or <see cref="RetentionShort"/>.</param>
/// <param name="Message">What is wrong and what to do, naming the setting.</param>
public sealed record BackupContainerProblem(string Code, string Message)
{
    /// <summary>The container does not exist (or was emptied by deleting and creating it again) although runs were written into it.</summary>
    public const string Missing = "missing";

    /// <summary>A retention policy is asked for and the container has none.</summary>
    public const string RetentionMissing = "retention-missing";

    /// <summary>The container's retention policy is shorter than asked for.</summary>
    public const string RetentionShort = "retention-short";
}
