namespace AccBackup.Manifest;

/// <summary>Builds a run's <see cref="ManifestSummary"/> from its entries (counted by <see cref="StatusCounts"/>) and its failed projects.</summary>
public sealed class ManifestSummaryBuilder(string runId, DateTimeOffset startedAt)
{
    private readonly List<SizeMismatch> mismatches = [];
    private readonly List<ProjectFailure> failedProjects = [];
    private readonly HashSet<string> projects = new(StringComparer.Ordinal);
    private readonly StatusCounts counts = new();
    private long newMismatches;

    /// <summary>Projects the run covered (when null: those seen in entries and failures).</summary>
    public int? Projects { get; set; }

    /// <summary>Folders listed (or carried over) by the run.</summary>
    public long Folders { get; set; }

    /// <summary>Counts one entry of a run with no run before it (its size mismatches are all new).</summary>
    public void Add(ManifestEntry entry) => Add(entry, null);

    /// <summary>Counts one entry; <paramref name="previous"/> is the run before's entry for the same item, if it had one.</summary>
    public void Add(ManifestEntry entry, ManifestEntry? previous)
    {
        ArgumentNullException.ThrowIfNull(entry);
        projects.Add(entry.ProjectId);
        counts.Add(entry);
        if (entry.SizeMismatch && !entry.EarlierVersion)
        {
            mismatches.Add(new SizeMismatch(entry.Path, entry.BlobName!, entry.ApiSize!.Value, entry.StoredSize!.Value) { SizeReference = entry.SizeReference });
            if (!IsKnownMismatch(entry, previous))
            {
                newMismatches++;
            }
        }
    }

    /// <summary>Whether the run before recorded this very mismatch: the same version, with the same two sizes.</summary>
    private static bool IsKnownMismatch(ManifestEntry entry, ManifestEntry? previous) =>
        previous is { SizeMismatch: true, EarlierVersion: false }
        && previous.VersionNumber == entry.VersionNumber && previous.ApiSize == entry.ApiSize && previous.StoredSize == entry.StoredSize;

    /// <summary>Records a project that could not be listed.</summary>
    public void AddFailedProject(ProjectFailure failure)
    {
        projects.Add(failure.ProjectId);
        failedProjects.Add(failure);
    }

    /// <summary>The summary as of <paramref name="finishedAt"/>.</summary>
    public ManifestSummary Build(DateTimeOffset finishedAt) => new(
        runId, startedAt, finishedAt, (finishedAt - startedAt).TotalSeconds, Projects ?? projects.Count, Folders, counts.Files, counts.StoredBytes,
        counts.Copied, counts.Unchanged, counts.NoContent, counts.Planned, counts.Failed, counts.Deleted, counts.Moved, mismatches.Count,
        [.. mismatches.OrderBy(m => m.Path, StringComparer.Ordinal)],
        [.. failedProjects.OrderBy(p => p.ProjectName, StringComparer.Ordinal)])
    {
        NotListed = counts.NotListed,
        Carried = counts.Carried,
        EarlierVersions = counts.EarlierVersions,
        NewSizeMismatchCount = newMismatches,
    };
}
