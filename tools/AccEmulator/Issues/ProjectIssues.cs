namespace AccEmulator.Issues;

/// <summary>One project's issues and issue settings.</summary>
internal sealed class ProjectIssues(Guid projectGuid, IssueSettings settings)
{
    public Guid ProjectGuid { get; } = projectGuid;

    public IssueSettings Settings { get; } = settings;

    /// <summary>Every issue, deleted ones included, in creation order (so by display id).</summary>
    public List<EmulatedIssue> Issues { get; } = [];

    public int NextDisplayId => Issues.Count == 0 ? 1 : Issues[^1].DisplayId + 1;
}
