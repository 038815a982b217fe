using AccEmulator.Accounts;

namespace AccEmulator.Issues;

/// <summary>Every project's issues; reads and writes happen under the account's lock (attachments are account objects).</summary>
internal sealed class IssueStore(EmulatedAccount account)
{
    private readonly Dictionary<Guid, ProjectIssues> _projects = [];
    private readonly Dictionary<Guid, EmulatedIssue> _issues = [];

    public EmulatedAccount Account { get; } = account;

    public Lock SyncRoot => Account.SyncRoot;

    public IEnumerable<ProjectIssues> Projects => _projects.Values;

    public ProjectIssues? Find(Guid projectGuid) => _projects.GetValueOrDefault(projectGuid);

    public EmulatedIssue? FindIssue(Guid issueId) => _issues.GetValueOrDefault(issueId);

    public ProjectIssues AddProject(Guid projectGuid, IssueSettings settings)
    {
        var project = new ProjectIssues(projectGuid, settings);
        _projects.Add(projectGuid, project);
        return project;
    }

    public void Add(ProjectIssues project, EmulatedIssue issue)
    {
        project.Issues.Add(issue);
        project.LastDisplayId = Math.Max(project.LastDisplayId, issue.DisplayId);
        _issues.Add(issue.Id, issue);
    }

    /// <summary>Removes an issue entirely: no listing, no id, no truth knows it any more (its attachments' objects stay, as in OSS).</summary>
    public void Remove(EmulatedIssue issue)
    {
        Find(issue.ProjectGuid)!.Issues.Remove(issue);
        _issues.Remove(issue.Id);
    }

    /// <summary>Attaches a file; its bytes become an OSS object the signed-download path serves.</summary>
    public void Attach(EmulatedIssue issue, IssueAttachment attachment)
    {
        issue.Attachments.Add(attachment);
        Account.Objects.TryAdd(attachment.Storage.ObjectKey, attachment.Storage);
    }
}
