using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;


namespace AccBackup.Runs.Activities;

/// <summary>Input of the fan-in: the run and what only the driver knows.</summary>
public sealed record AssembleManifestInput(
    string RunId,
    DateTimeOffset StartedAt,
    int Projects,
    long FoldersListed,
    IReadOnlyList<ProjectFailure> FailedProjects,
    IReadOnlyList<string> ProjectIds,
    string ListingMode,
    string? PreviousRunId,
    DateTimeOffset? LastFullListingAt,
    bool DryRun,
    string? LatestRunId = null,
    IssuesSummary? Issues = null,
    ProofSummary? Proof = null,
    ModulesSummary? Modules = null)
{
    /// <summary>The fan-in's input for the run prepared as <paramref name="prepared"/>, built the same by both drivers.</summary>
    /// <param name="tally">The run's counts when its work is done (its folders listed and unchanged).</param>
    /// <param name="failedProjects">Projects not backed up whole, with their reasons.</param>
    /// <param name="issues">The issue counts; null when issues were not exported. Its failed projects join the modules' coverage.</param>
    /// <param name="proof">The proof's summary; null when not proven.</param>
    public static AssembleManifestInput For(
        PrepareRunResult prepared, bool dryRun, Scheduling.RunTally tally, IReadOnlyList<ProjectFailure> failedProjects, IssuesSummary? issues, ProofSummary? proof)
    {
        ArgumentNullException.ThrowIfNull(prepared);
        ArgumentNullException.ThrowIfNull(tally);
        return new(prepared.RunId, prepared.StartedAt, prepared.Projects.Count, tally.FoldersListed + tally.FoldersUnchanged, failedProjects,
            [.. prepared.Projects.Select(p => p.Id)], prepared.ListingMode, prepared.PreviousRunId, prepared.LastFullListingAt, dryRun, prepared.LatestRunId,
            issues, proof, tally.Modules.ToSummary(issues?.FailedProjects ?? []));
    }
}
