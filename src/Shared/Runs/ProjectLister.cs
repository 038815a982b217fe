using AccBackup.Acc;
using AccBackup.Backup;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs;

/// <summary>The account's projects as a run selects them: filtered by the include and exclude lists, each with its blob-name segment.</summary>
public sealed class ProjectLister(ApsDataClient aps, IOptions<BackupOptions> options)
{
    /// <summary>The selected projects; null lists fall back to the Backup settings.</summary>
    public async Task<IReadOnlyList<ProjectRef>> ListAsync(string? includeProjects, string? excludeProjects, CancellationToken cancellationToken)
    {
        var include = includeProjects ?? options.Value.IncludeProjects;
        var exclude = excludeProjects ?? options.Value.ExcludeProjects;
        var projects = new List<AccProject>();
        await foreach (var project in aps.ListProjectsAsync(cancellationToken).ConfigureAwait(false))
        {
            projects.Add(project);
        }

        // Segments are made unique across the whole account, before the selection: a project keeps its blob folder
        // whichever projects a run selects.
        var names = BlobPathBuilder.Disambiguate(projects.Select(p => (p.Id, p.Name)));
        return projects
            .Where(p => BackupOptions.Selects(p.Id, p.Name, include, exclude))
            .Select(p => new ProjectRef(p.Id, p.Name, BlobPathBuilder.Fit(names[p.Id])))
            .OrderBy(p => p.Name, StringComparer.Ordinal)
            .ToList();
    }
}
