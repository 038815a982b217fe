using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;


namespace AccBackup.Runs.Activities;

/// <summary>Result of the fan-in (<see cref="AssembleManifestActivity"/>) and output of the Durable run: where the manifest is and
/// what it says, in a few numbers, never the manifest's lists (size mismatches can be many).</summary>
public sealed record BackupRunOutcome(
    string RunId, string Status, string Manifest, string ManifestCsv, long Files, long Copied, long Unchanged, long NoContent, long Planned, long Failed,
    int FailedProjects, long SizeMismatches, long Bytes, double DurationSeconds)
{
    /// <summary>Listing activities the run scheduled, across its projects.</summary>
    public int ListingActivities { get; init; }

    /// <summary>Copy activities the run scheduled, across its projects (0 on a night where nothing changed).</summary>
    public int CopyActivities { get; init; }

    /// <summary>The most tasks (activities, sub-orchestrations) any one orchestration execution of the run scheduled: what
    /// bounds a history (two events per task, plus one start/end pair per wake-up, at most one wake-up per task).</summary>
    public int LargestExecutionTasks { get; init; }

    /// <summary>Issues in the run's issue snapshots (0 when the Issues settings are not given).</summary>
    public long Issues { get; init; }

    /// <summary>Projects whose issues could not be exported (their files are unaffected); the manifest says why.</summary>
    public int IssuesFailedProjects { get; init; }

    /// <summary>Each project's module that could not be read (Sheets, Issues, …: <c>summary.modules.coverage</c> in the manifest says
    /// which and why); 0 when every kept module of every project was read.</summary>
    public int ModuleGaps { get; init; }

    /// <summary>The first <see cref="MaxGapsListed"/> of those gaps (project, module, why), for the HTTP status; null when none.</summary>
    public IReadOnlyList<ModuleCoverageGap>? Coverage { get; init; }

    /// <summary>At most this many gaps travel in the outcome (the orchestration's output stays small); the manifest lists every one.</summary>
    public const int MaxGapsListed = 20;

    /// <summary>Stored blobs the night's proof found missing or damaged (the manifest's <c>summary.proof</c> lists them); 0 when none or not proven.</summary>
    public long BlobsLost { get; init; }

    /// <summary>Of <see cref="BlobsLost"/>, those stored again from ACC.</summary>
    public long BlobsRestored { get; init; }

    /// <summary>The run's progress as its manifest settles it: every file count the outcome gives (a carried file counted by
    /// its status in the manifest, not as unchanged), the rest as the run counted them.</summary>
    public BackupProgress Settle(BackupProgress counted)
    {
        ArgumentNullException.ThrowIfNull(counted);
        return counted with
        {
            Phase = "done", ProjectsDone = counted.ProjectsTotal, FilesFound = Files, FilesCopied = Copied, FilesUnchanged = Unchanged,
            FilesNoContent = NoContent, FilesFailed = Failed, BytesFound = Bytes, SizeMismatches = SizeMismatches, FilesPlanned = Planned,
        };
    }

    /// <summary>The outcome of the run whose manifest has <paramref name="summary"/>.</summary>
    public static BackupRunOutcome From(LatestRun manifest)
    {
        ArgumentNullException.ThrowIfNull(manifest);
        var s = manifest.Summary;
        return new(s.RunId, s.Status, manifest.Manifest, manifest.Csv, s.Files, s.Copied, s.Unchanged, s.NoContent,
            s.Planned, s.Failed, s.FailedProjects.Count, s.SizeMismatchCount, s.Bytes, s.DurationSeconds)
        {
            Issues = s.Issues?.Issues ?? 0,
            IssuesFailedProjects = s.Issues?.FailedProjects.Count ?? 0,
            ModuleGaps = s.Modules?.Coverage.Count ?? 0,
            Coverage = s.Modules is { Coverage.Count: > 0 } modules ? [.. modules.Coverage.Take(MaxGapsListed)] : null,
            BlobsLost = (s.Proof?.Missing ?? 0) + (s.Proof?.Damaged ?? 0),
            BlobsRestored = s.Proof?.Restored ?? 0,
        };
    }
}
