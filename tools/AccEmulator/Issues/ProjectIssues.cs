namespace AccEmulator.Issues;

/// <summary>One project's issues and issue settings.</summary>
internal sealed class ProjectIssues(Guid projectGuid, IssueSettings settings)
{
    public Guid ProjectGuid { get; } = projectGuid;

    public IssueSettings Settings { get; } = settings;

    /// <summary>Every issue, deleted ones included, in creation order (so by display id).</summary>
    public List<EmulatedIssue> Issues { get; } = [];

    /// <summary>One past the highest display id the project ever gave: a purged issue's number is never given again.</summary>
    public int NextDisplayId => LastDisplayId + 1;

    /// <summary>The highest display id given so far (0 before the first issue).</summary>
    public int LastDisplayId { get; set; }
}
