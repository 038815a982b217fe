namespace AccBackup.Runs.BackupContainer;

/// <summary>The backup container can't take the run (<see cref="BackupContainerCheck"/>): the run fails before it copies anything.</summary>
public sealed class BackupContainerException(BackupContainerProblem problem) : InvalidOperationException(problem?.Message)
{
    /// <summary>The run summary's <c>ContainerProblem</c>: what is wrong with the container.</summary>
    public string Problem { get; } = problem?.Code ?? "";
}
