using AccBackup.Acc;
using AccBackup.Backup.Naming;
using AccBackup.Backup.Settings;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs;

/// <summary>The account's projects as a run selects them: filtered by the include and exclude lists, each with its blob-name segment.</summary>
public sealed class ProjectLister(ApsDataClient aps, IOptions<BackupOptions> options)
{
    /// <summary>The selected projects; null lists fall back to the Backup settings.</summary>
    /// <exception cref="UnknownProjectsException">An included name or id matches no project of the account.</exception>
    public async Task<IReadOnlyList<ProjectRef>> ListAsync(string? includeProjects, string? excludeProjects, CancellationToken cancellationToken)
    {
        var include = includeProjects ?? options.Value.IncludeProjects;
        var exclude = excludeProjects ?? options.Value.ExcludeProjects;
        var projects = new List<AccProject>();
        await foreach (var project in aps.ListProjectsAsync(cancellationToken).ConfigureAwait(false))
        {
            projects.Add(project);
        }

        // An exclusion that matches nothing excludes nothing; an inclusion that matches nothing would back up less than asked.
        var unknown = Entries(include)
            .Where(entry => !projects.Any(p => string.Equals(entry, p.Id, StringComparison.OrdinalIgnoreCase) || string.Equals(entry, p.Name, StringComparison.OrdinalIgnoreCase)))
            .ToList();
        if (unknown.Count > 0)
        {
            throw new UnknownProjectsException(unknown, includeProjects is null ? "Backup:IncludeProjects" : null);
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

    private static IEnumerable<string> Entries(string? list) =>
        (list ?? "").Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Distinct(StringComparer.OrdinalIgnoreCase);
}
