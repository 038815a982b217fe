using System.Globalization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Modules;
using AccBackup.Runs.Activities;

namespace AccBackup.Runs.Scheduling;

/// <summary>The run's decisions, apart from its effects: what to list next, which chunk to copy, when a project is done,
/// what a failed activity means. Pure and deterministic — no I/O, no clock, no exceptions for flow — so the CLI's
/// in-process runner and the Durable orchestrator drive the same decisions, and a replay makes the same ones again.</summary>
/// <remarks>
/// Listings are started before copies, but while chunks wait to be copied they take at most half of the window: the
/// folder-listing and signed-URL quotas are separate, so a run ends near its floor only if both are spent at once (a
/// listing activity runs Backup:ParallelListings listings, so a few of them keep the listing quota busy). Whatever
/// slots one kind can't use go to the other. The exports of issues and the other modules run beside that window, not in
/// it: each module has quotas of its own, so each gets lanes of its own (<see cref="RunScheduleState.ExportsPerModule"/>
/// projects at once) and never waits behind another module or the files. A driver asks <see cref="Next"/> for work up to
/// the file window's free slots, runs it, and reports each completion with <see cref="Listed"/>, <see cref="Copied"/> or
/// <see cref="Failed"/>.
/// </remarks>
public sealed class RunSchedule(RunScheduleState state)
{
    /// <summary>The schedule's data, to persist or pass on.</summary>
    public RunScheduleState State { get; } = state ?? throw new ArgumentNullException(nameof(state));

    /// <summary>Work started and not yet reported back.</summary>
    public int InFlight => FileWorkInFlight + State.ExportsInFlight.Values.Sum();

    /// <summary>Listings and copies started and not yet reported back: what the file window holds.</summary>
    public int FileWorkInFlight => State.ListingsInFlight + State.CopiesInFlight;

    /// <summary>Whether nothing is pending or in flight.</summary>
    public bool IsDone => InFlight == 0 && State.PendingListings.Count == 0 && State.PendingCopies.Count == 0 && State.PendingIssueExports.Count == 0
        && State.PendingModuleExports.Count == 0;

    /// <summary>What the run is doing now, for progress.</summary>
    public string Phase => IsDone ? "listed and copied"
        : State.PendingListings.Count > 0 || State.ListingsInFlight > 0 ? "listing and copying"
        : State.PendingCopies.Count > 0 || State.CopiesInFlight > 0 ? "copying" : "exporting";

    /// <summary>A schedule that starts by listing the top folders of each project (unless it holds only the exports).</summary>
    /// <param name="firstKey">The number of the first project within the run: keeps activity output names unique when a
    /// run is split into one schedule per project.</param>
    /// <param name="exportsPerModule">Projects whose export of one module (issues included) runs at once, beside the file window.</param>
    /// <param name="parts">Which of each project's work this schedule holds.</param>
    public static RunSchedule Start(RunPlan plan, IEnumerable<ProjectRef> projects, int firstKey = 0, int exportsPerModule = 1, RunScheduleParts parts = RunScheduleParts.All)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(projects);
        ArgumentOutOfRangeException.ThrowIfLessThan(exportsPerModule, 1);
        var state = new RunScheduleState { Plan = plan, ExportsPerModule = exportsPerModule };
        var files = parts != RunScheduleParts.Exports;
        var issues = parts != RunScheduleParts.Files && plan.ExportIssues;
        var modules = (plan.Modules ?? []).Where(m => ModuleNames.ReadListedTree.Contains(m) ? files : parts != RunScheduleParts.Files).ToList();
        var key = firstKey;
        foreach (var project in projects)
        {
            var outputKey = key++.ToString("D4", CultureInfo.InvariantCulture);
            var exports = modules.Select(m => new ExportModuleInput(m, plan.RunId, project, plan.IssuesBaseRunId,
                ModuleNames.ReadListedTree.Contains(m) ? outputKey : null)).ToList();
            state.Projects.Add(new ProjectScheduleState
            {
                Project = project, Outstanding = (files ? 1 : 0) + (issues ? 1 : 0) + modules.Count, ListingsOutstanding = files ? 1 : 0,
                AwaitingListings = [.. exports.Where(e => e.ListingKey is not null)],
            });
            state.PendingModuleExports.AddRange(exports.Where(e => e.ListingKey is null));
            if (issues)
            {
                state.PendingIssueExports.Add(new ExportIssuesInput(plan.RunId, project, plan.IssuesBaseRunId));
            }

            if (files)
            {
                state.PendingListings.Add(new PendingListing(
                    new ListFoldersInput(plan.RunId, project, null, 0, int.MaxValue, outputKey, plan.IncludeHidden, plan.PreviousRunId, plan.StoredRunId, plan.Versions), 0, null));
            }
        }

        state.Tally.ProjectsTotal = state.Projects.Count;
        return new RunSchedule(state);
    }

    /// <summary>Takes the exports each module's lanes have room for (beside the file window), then up to
    /// <paramref name="freeSlots"/> listings and copies (listings at most half of the window while chunks wait to be
    /// copied), and counts them as in flight.</summary>
    /// <param name="freeSlots">The file window's free slots: the window less <see cref="FileWorkInFlight"/>.</param>
    public IReadOnlyList<ScheduledWork> Next(int freeSlots)
    {
        var work = new List<ScheduledWork>();
        TakeExports(work);
        var files = new List<ScheduledWork>();
        var window = FileWorkInFlight + freeSlots;
        var listingShare = State.PendingCopies.Count > 0 ? Math.Max(1, window / 2) : window;
        TakeListings(files, freeSlots, listingShare);
        TakeCopies(files, freeSlots);
        TakeListings(files, freeSlots, window);
        work.AddRange(files);
        return work;
    }

    /// <summary>One more export of each module whose lanes have room, until every lane is taken or nothing waits; in the
    /// order they wait (project by project), so each module's projects start in the run's order.</summary>
    private void TakeExports(List<ScheduledWork> work)
    {
        var lanes = State.ExportsPerModule;
        var inFlight = State.ExportsInFlight;
        while (State.PendingIssueExports.Count > 0 && inFlight.GetValueOrDefault(ModuleNames.Issues) < lanes)
        {
            var next = State.PendingIssueExports[0];
            State.PendingIssueExports.RemoveAt(0);
            inFlight[ModuleNames.Issues] = inFlight.GetValueOrDefault(ModuleNames.Issues) + 1;
            work.Add(new ScheduledWork(State.NextWorkId++, next.Project, null, null, next));
        }

        var pending = State.PendingModuleExports;
        var full = new HashSet<string>(StringComparer.Ordinal);
        for (var i = 0; i < pending.Count && full.Count < ModuleNames.Known.Count;)
        {
            var next = pending[i];
            if (inFlight.GetValueOrDefault(next.Module) >= lanes)
            {
                full.Add(next.Module);
                i++;
                continue;
            }

            pending.RemoveAt(i);
            inFlight[next.Module] = inFlight.GetValueOrDefault(next.Module) + 1;
            work.Add(new ScheduledWork(State.NextWorkId++, next.Project, null, null, null, next));
        }
    }

    private void TakeListings(List<ScheduledWork> work, int freeSlots, int maxInFlight)
    {
        while (work.Count < freeSlots && State.PendingListings.Count > 0 && State.ListingsInFlight < maxInFlight)
        {
            var pending = State.PendingListings[0];
            var following = pending.Next.Skip + pending.Next.Take;
            if (pending.Next.FoldersBlob is not null && following < pending.SubFolders)
            {
                State.PendingListings[0] = pending with { Next = pending.Next with { Skip = following, OutputKey = SliceKey(pending.ParentKey!, following) } };
            }
            else
            {
                State.PendingListings.RemoveAt(0);
            }

            State.ListingsInFlight++;
            State.Tally.ListingsStarted++;
            work.Add(new ScheduledWork(State.NextWorkId++, pending.Next.Project, pending.Next, null));
        }
    }

    private void TakeCopies(List<ScheduledWork> work, int freeSlots)
    {
        while (work.Count < freeSlots && State.PendingCopies.Count > 0)
        {
            var pending = State.PendingCopies[0];
            if (pending.Next + 1 < pending.Count)
            {
                State.PendingCopies[0] = pending with { Next = pending.Next + 1 };
            }
            else
            {
                State.PendingCopies.RemoveAt(0);
            }

            State.CopiesInFlight++;
            State.Tally.CopiesStarted++;
            var plan = State.Plan;
            var chunk = RunLayout.InventoryChunk(plan.RunId, pending.OutputKey, pending.Next);
            work.Add(new ScheduledWork(State.NextWorkId++, pending.Project, null, new CopyChunkInput(plan.RunId, chunk, plan.DryRun, pending.NewToBackup)));
        }
    }

    /// <summary>A listing finished: its chunks become copies, its sub-folders further listings.</summary>
    public void Listed(ScheduledWork work, ListFoldersResult result)
    {
        ArgumentNullException.ThrowIfNull(work);
        ArgumentNullException.ThrowIfNull(result);
        var input = work.Listing ?? throw new ArgumentException("Not a listing.", nameof(work));
        var project = ProjectOf(work);
        var tally = State.Tally;
        tally.FoldersListed += result.FoldersListed;
        tally.FoldersUnchanged += result.UnchangedFolders;
        tally.FilesFound += result.Files;
        tally.BytesFound += result.Bytes;
        tally.Unchanged += result.UnchangedFiles;
        foreach (var error in result.Errors)
        {
            project.AddError(error);
        }

        if (result.InventoryChunks > 0)
        {
            var newToBackup = State.Plan.EmptyBackup || result.ComparedWithStored;
            State.PendingCopies.Add(new PendingCopies(work.Project, input.OutputKey, 0, result.InventoryChunks, newToBackup));
            project.Outstanding += result.InventoryChunks;
        }

        if (result.SubFoldersBlob is not null && result.SubFolders > 0)
        {
            var perListing = State.Plan.FoldersPerListing;
            var first = input with { FoldersBlob = result.SubFoldersBlob, Skip = 0, Take = perListing, OutputKey = SliceKey(input.OutputKey, 0) };
            State.PendingListings.Add(new PendingListing(first, result.SubFolders, input.OutputKey));
            project.Outstanding += (result.SubFolders + perListing - 1) / perListing;
            project.ListingsOutstanding += (result.SubFolders + perListing - 1) / perListing;
        }

        State.ListingsInFlight--;
        ListingEnded(project);
        Finish(project);
    }

    /// <summary>A copy finished: its counts join the run's.</summary>
    public void Copied(ScheduledWork work, CopyChunkResult result)
    {
        ArgumentNullException.ThrowIfNull(work);
        ArgumentNullException.ThrowIfNull(result);
        var tally = State.Tally;
        tally.Copied += result.Copied;
        tally.Unchanged += result.Unchanged;
        tally.NoContent += result.NoContent;
        tally.Planned += result.Planned;
        tally.Failed += result.Failed;
        tally.BytesCopied += result.BytesCopied;
        tally.SizeMismatches += result.SizeMismatches;
        State.CopiesInFlight--;
        Finish(ProjectOf(work));
    }

    /// <summary>An issue export finished: its counts join the run's; a refusal is recorded as that project's issues' failure.</summary>
    public void IssuesExported(ScheduledWork work, ExportIssuesResult result)
    {
        ArgumentNullException.ThrowIfNull(work);
        ArgumentNullException.ThrowIfNull(result);
        if (!work.IsIssueExport)
        {
            throw new ArgumentException("Not an issue export.", nameof(work));
        }

        var tally = State.Tally;
        if (result.Error is { } error)
        {
            IssuesFailed(work, error);
        }
        else
        {
            tally.IssueProjects++;
            tally.Issues += result.Issues;
            tally.DeletedIssues += result.DeletedIssues;
            tally.IssueComments += result.Comments;
            tally.IssueAttachments += result.Attachments;
            tally.IssueAttachmentFailures += result.AttachmentFailures;
            tally.IssueAttachmentsReferenced += result.AttachmentsReferenced;
            tally.IssuesVanished += result.IssuesVanished;
        }

        ExportEnded(ModuleNames.Issues);
        Finish(ProjectOf(work));
    }

    private void IssuesFailed(ScheduledWork work, string error)
    {
        State.Tally.IssueProjectsFailed++;
        State.IssueFailures.Add(new ProjectFailure(work.Project.Id, work.Project.Name, error));
    }

    /// <summary>A piece of work ended: its result (or failure) goes to <see cref="Listed"/>, <see cref="Copied"/>,
    /// <see cref="IssuesExported"/> or <see cref="Failed"/>.</summary>
    public FailureVerdict Report(ScheduledWork work, WorkOutcome outcome)
    {
        ArgumentNullException.ThrowIfNull(outcome);
        if (outcome.Failure is { } failure)
        {
            return Failed(work, failure);
        }

        switch (outcome.Result)
        {
            case ListFoldersResult listed:
                Listed(work, listed);
                break;
            case ExportIssuesResult exported:
                IssuesExported(work, exported);
                break;
            case CopyChunkResult copied:
                Copied(work, copied);
                break;
            case ExportModuleResult module:
                State.Tally.Modules.Exported(module);
                ExportEnded(work.Module!.Module);
                Finish(ProjectOf(work));
                break;
            default:
                throw new ArgumentException($"No result of {work.What}.", nameof(outcome));
        }

        return FailureVerdict.Recorded;
    }

    /// <summary>An activity failed after its retries: recorded against its project, or the end of the run.</summary>
    /// <remarks>A failed copy's files are listed as failed by the manifest (their chunk has no results), so none is lost.</remarks>
    public FailureVerdict Failed(ScheduledWork work, WorkFailure failure)
    {
        ArgumentNullException.ThrowIfNull(work);
        ArgumentNullException.ThrowIfNull(failure);
        if (work.IsIssueExport)
        {
            // Never the run's end, never the files' failure: only this project's issues are missing from the run.
            ExportEnded(ModuleNames.Issues);
            IssuesFailed(work, $"{work.What} failed: {failure.Message}");
            Finish(ProjectOf(work));
            return FailureVerdict.Recorded;
        }

        if (work.Module is { } module)
        {
            // Never the run's end, never the files' failure: the project's module is a gap in the coverage, read again next night.
            ExportEnded(module.Module);
            State.Tally.Modules.Gaps.Add(new ModuleCoverageGap(work.Project.Id, work.Project.Name, module.Module, ModuleGapReason.Failed, $"{work.What} failed: {failure.Message}"));
            Finish(ProjectOf(work));
            return FailureVerdict.Recorded;
        }

        if (work.IsListing)
        {
            State.ListingsInFlight--;
            State.Tally.ListingsFailed++;
            ListingEnded(ProjectOf(work));
        }
        else
        {
            State.CopiesInFlight--;
            State.Tally.CopiesFailed++;
        }

        var project = ProjectOf(work);
        project.AddError($"{work.What} failed: {failure.Message}");
        Finish(project);
        return failure.IsFatal ? FailureVerdict.AbortRun : FailureVerdict.Recorded;
    }

    /// <summary>The progress record for the CLI and the orchestration's custom status.</summary>
    public BackupProgress Progress(string? phase = null) => State.Tally.ToProgress(State.Plan.RunId, phase ?? Phase);

    /// <summary>One entry per project that could not be backed up whole, with its first reasons.</summary>
    public IReadOnlyList<ProjectFailure> FailedProjects() => [.. State.Projects.Where(p => p.ErrorCount > 0).Select(ToFailure)];

    /// <summary>One entry per project whose issues could not be exported, with the reason.</summary>
    public IReadOnlyList<ProjectFailure> IssueFailures() => [.. State.IssueFailures];

    /// <summary>The issue counts for the manifest; null when issues were not exported.</summary>
    public IssuesSummary? IssueTotals() => State.Tally.ToIssuesSummary(IssueFailures());

    /// <summary>The modules' counts and the coverage for the manifest (issue failures included); null when none was read or missed.</summary>
    public ModulesSummary? ModuleTotals() => State.Tally.Modules.ToSummary(IssueFailures());

    /// <summary>The failure of a project, its reasons joined, the count of any left out.</summary>
    public static ProjectFailure ToFailure(ProjectScheduleState project)
    {
        ArgumentNullException.ThrowIfNull(project);
        var more = project.ErrorCount - project.Errors.Count;
        var reasons = string.Join("; ", project.Errors) + (more > 0 ? $"; and {more} more" : "");
        return new ProjectFailure(project.Project.Id, project.Project.Name, reasons);
    }

    private string SliceKey(string parentKey, int skip) =>
        parentKey + "-" + (skip / State.Plan.FoldersPerListing).ToString("D3", CultureInfo.InvariantCulture);

    private ProjectScheduleState ProjectOf(ScheduledWork work) =>
        State.Projects.Find(p => p.Project.Id == work.Project.Id) ?? throw new ArgumentException($"Project {work.Project.Id} is not in this schedule.", nameof(work));

    /// <summary>One of the project's listings ended: after its last, the exports that read what they found can start.</summary>
    private void ListingEnded(ProjectScheduleState project)
    {
        project.ListingsOutstanding--;
        if (project.ListingsOutstanding == 0)
        {
            State.PendingModuleExports.AddRange(project.AwaitingListings);
            project.AwaitingListings.Clear();
        }
    }

    /// <summary>An export of <paramref name="module"/> ended (done or failed): its lane is free.</summary>
    private void ExportEnded(string module)
    {
        State.ExportsInFlight[module] = Math.Max(0, State.ExportsInFlight.GetValueOrDefault(module) - 1);
    }

    private void Finish(ProjectScheduleState project)
    {
        project.Outstanding--;
        if (project.Outstanding == 0 && !project.Done)
        {
            project.Done = true;
            State.Tally.ProjectsDone++;
        }
    }
}
