namespace AccBackup.Manifest;

/// <summary>Counts a run's entries into its <see cref="ManifestSummary"/>.</summary>
public sealed class ManifestSummaryBuilder(string runId, DateTimeOffset startedAt)
{
    private readonly List<SizeMismatch> mismatches = [];
    private readonly List<ProjectFailure> failedProjects = [];
    private readonly HashSet<string> projects = new(StringComparer.Ordinal);
    private long files, bytes, copied, unchanged, noContent, planned, failed, deleted, moved, notListed, carried;

    /// <summary>Projects the run covered (when null: those seen in entries and failures).</summary>
    public int? Projects { get; set; }

    /// <summary>Folders listed (or carried over) by the run.</summary>
    public long Folders { get; set; }

    /// <summary>Counts one entry.</summary>
    public void Add(ManifestEntry entry)
    {
        projects.Add(entry.ProjectId);
        if (entry.Status is ManifestStatus.Deleted or ManifestStatus.Moved)
        {
            // History, not part of ACC today: counted on its own, not as a file of the account.
            deleted += entry.Status == ManifestStatus.Deleted ? 1 : 0;
            moved += entry.Status == ManifestStatus.Moved ? 1 : 0;
            return;
        }

        files++;
        bytes += entry.StoredSize ?? 0;
        switch (entry.Status)
        {
            case ManifestStatus.Copied: copied++; break;
            case ManifestStatus.Unchanged: unchanged++; break;
            case ManifestStatus.NoContent: noContent++; break;
            case ManifestStatus.Planned: planned++; break;
            case ManifestStatus.Failed: failed++; break;
            case ManifestStatus.NotListed: notListed++; break;
            case ManifestStatus.Carried: carried++; break;

        }

        if (entry.SizeMismatch)
        {
            mismatches.Add(new SizeMismatch(entry.Path, entry.BlobName!, entry.ApiSize!.Value, entry.StoredSize!.Value));
        }
    }

    /// <summary>Records a project that could not be listed.</summary>
    public void AddFailedProject(ProjectFailure failure)
    {
        projects.Add(failure.ProjectId);
        failedProjects.Add(failure);
    }

    /// <summary>The summary as of <paramref name="finishedAt"/>.</summary>
    public ManifestSummary Build(DateTimeOffset finishedAt) => new(
        runId, startedAt, finishedAt, (finishedAt - startedAt).TotalSeconds, Projects ?? projects.Count, Folders, files, bytes,
        copied, unchanged, noContent, planned, failed, deleted, moved, mismatches.Count,
        [.. mismatches.OrderBy(m => m.Path, StringComparer.Ordinal)],
        [.. failedProjects.OrderBy(p => p.ProjectName, StringComparer.Ordinal)])
    {
        NotListed = notListed,
        Carried = carried,
    };
}
