using AccBackup.Backup;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs;

/// <summary>The first activity of a run: the account's projects, filtered by the include and exclude lists.</summary>
public sealed class ProjectLister(AccountWalker walker, IOptions<BackupOptions> options)
{
    /// <summary>The selected projects; null lists fall back to the Backup settings.</summary>
    public async Task<IReadOnlyList<ProjectRef>> ListAsync(string? includeProjects, string? excludeProjects, CancellationToken cancellationToken)
    {
        var include = includeProjects ?? options.Value.IncludeProjects;
        var exclude = excludeProjects ?? options.Value.ExcludeProjects;
        var projects = await walker.ListProjectsAsync(cancellationToken).ConfigureAwait(false);
        return projects
            .Where(p => BackupOptions.Selects(p.Project.Id, p.Project.Name, include, exclude))
            .Select(p => new ProjectRef(p.Project.Id, p.Project.Name, p.Segment))
            .OrderBy(p => p.Name, StringComparer.Ordinal)
            .ToList();
    }
}
