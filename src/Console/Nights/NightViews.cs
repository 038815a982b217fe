using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.BackupConsole.Nights;

/// <summary>One night (run) as the Nights page lists it: its manifest's summary in the figures a person compares night to night.</summary>
/// <param name="Status">Succeeded, CompletedWithErrors, DryRun, or Unreadable (the manifest could not be read: <paramref name="Error"/>).</param>
/// <param name="Bytes">Bytes stored for the night's files (by it or an earlier night).</param>
/// <param name="CoverageGaps">Files the night could not list (carried from an earlier night) plus projects it could not list whole.</param>
internal sealed record NightRow(
    string RunId,
    string Status,
    DateTimeOffset? StartedAt,
    DateTimeOffset? FinishedAt,
    double? DurationSeconds,
    long Files,
    long Bytes,
    long Copied,
    long Failed,
    long Carried,
    long NotListed,
    long SizeMismatches,
    int FailedProjects,
    long CoverageGaps,
    string? Error)
{
    /// <summary>The row of a run found in storage.</summary>
    public static NightRow From(RunListing run) => run.Summary is { } s
        ? new(run.RunId, s.Planned > 0 ? "DryRun" : s.Status, s.StartedAt, s.FinishedAt, s.DurationSeconds, s.Files, s.Bytes, s.Copied, s.Failed,
            s.Carried, s.NotListed, s.SizeMismatchCount, s.FailedProjects.Count, s.NotListed + s.FailedProjects.Count, null)
        : new(run.RunId, "Unreadable", null, run.WrittenAt, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, run.Error);
}

/// <summary>The Nights page: every run kept, newest first.</summary>
internal sealed record NightList(IReadOnlyList<NightRow> Nights);

/// <summary>One night's page: its figures, what it could not store, and its size mismatches, each from its manifest.</summary>
/// <param name="Failures">Entries the night did not store as APS serves them: failed, carried (an earlier version kept) and not listed.</param>
internal sealed record NightDetail(
    NightRow Night, string ListingMode, IReadOnlyList<FailureRow> Failures, IReadOnlyList<MismatchRow> Mismatches, IReadOnlyList<ProjectFailure> FailedProjects);

/// <summary>A file the night did not store as APS serves it, and why.</summary>
internal sealed record FailureRow(string Project, string Path, string Status, int? VersionNumber, string? Error);

/// <summary>A file stored with a byte count other than the size APS reported.</summary>
internal sealed record MismatchRow(string Project, string Path, long ApiSize, long StoredSize, string? SizeReference);
