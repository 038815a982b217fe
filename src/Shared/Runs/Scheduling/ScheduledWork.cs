using AccBackup.Runs.Activities;

namespace AccBackup.Runs.Scheduling;

/// <summary>One activity call the scheduler wants made: exactly one of <see cref="Listing"/>, <see cref="Copy"/>, <see cref="Issues"/> and <see cref="Module"/> is set.</summary>
/// <param name="Id">Unique within the run's schedule; lets a driver match a completion to its work.</param>
public sealed record ScheduledWork(int Id, ProjectRef Project, ListFoldersInput? Listing, CopyChunkInput? Copy, ExportIssuesInput? Issues = null, ExportModuleInput? Module = null)
{
    /// <summary>Whether this is a listing (folders) rather than a copy (an inventory chunk) or an issue export.</summary>
    public bool IsListing => Listing is not null;

    /// <summary>Whether this is the export of a project's issues.</summary>
    public bool IsIssueExport => Issues is not null;

    /// <summary>Whether this is the export of one module (Sheets, …) of a project.</summary>
    public bool IsModuleExport => Module is not null;

    /// <summary>What the work is, for logs and failure reasons.</summary>
    public string What => IsListing ? "listing" : IsIssueExport ? "export of issues" : Module is { } module ? $"export of {module.Module}" : "copy of a batch";

    /// <summary>Runs this work's activity through <paramref name="runner"/>: the one place that says which activity a kind of work is.</summary>
    public Task<WorkOutcome> RunWith(IActivityRunner runner)
    {
        ArgumentNullException.ThrowIfNull(runner);
        return this switch
        {
            { Listing: { } listing } => runner.RunAsync<ListFoldersActivity, ListFoldersInput, ListFoldersResult>(this, listing),
            { Issues: { } issues } => runner.RunAsync<ExportIssuesActivity, ExportIssuesInput, ExportIssuesResult>(this, issues),
            { Module: { } module } => runner.RunAsync<ExportModuleActivity, ExportModuleInput, ExportModuleResult>(this, module),
            _ => runner.RunAsync<CopyChunkActivity, CopyChunkInput, CopyChunkResult>(this, Copy!),
        };
    }
}
