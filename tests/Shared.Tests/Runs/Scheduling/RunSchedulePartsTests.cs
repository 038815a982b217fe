using AccBackup.Modules;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Tests.Runs.Scheduling;

/// <summary>A project's work split in two schedules for the Function App: the files (with the modules that read their
/// listing) and the exports (issues and the other modules); together they hold exactly what one schedule of all of it holds.</summary>
[Trait("Category", "Unit")]
public sealed class RunSchedulePartsTests
{
    private static readonly ProjectRef Alpha = new("b.alpha", "Alpha", "Alpha");

    private static readonly RunPlan Plan = new("run-2", DryRun: false, ForceCopy: false, IncludeHidden: true, PreviousRunId: null, FoldersPerListing: 50,
        ExportIssues: true, IssuesBaseRunId: "run-1", Modules: [ModuleNames.Sheets, ModuleNames.Permissions, ModuleNames.Members]);

    [Fact]
    public void Start_FilesPart_ListsAndHoldsOnlyTheModulesReadingTheListing()
    {
        var schedule = RunSchedule.Start(Plan, [Alpha], parts: RunScheduleParts.Files);

        var work = schedule.Next(8);

        Assert.True(Assert.Single(work).IsListing);
        Assert.Equal([ModuleNames.Permissions], schedule.State.Projects.Single().AwaitingListings.Select(e => e.Module));
        Assert.Equal(2, schedule.State.Projects.Single().Outstanding);
    }

    [Fact]
    public void Start_ExportsPart_NoListingTheIssuesAndTheOtherModulesOnly()
    {
        var schedule = RunSchedule.Start(Plan, [Alpha], parts: RunScheduleParts.Exports);

        var work = schedule.Next(8);

        Assert.DoesNotContain(work, w => w.IsListing);
        Assert.Equal(1, work.Count(w => w.IsIssueExport));
        Assert.Equal([ModuleNames.Sheets, ModuleNames.Members], work.Where(w => w.Module is not null).Select(w => w.Module!.Module));
        Assert.Empty(schedule.State.Projects.Single().AwaitingListings);
    }

    [Fact]
    public void Report_EveryExportOfTheExportsPartEnded_ProjectDoneAndScheduleDone()
    {
        var schedule = RunSchedule.Start(Plan, [Alpha], parts: RunScheduleParts.Exports);

        foreach (var work in schedule.Next(0))
        {
            schedule.Report(work, WorkOutcome.Succeeded(work.IsIssueExport
                ? new ExportIssuesResult(0, 0, 0, 0, 0, 0, null)
                : new ExportModuleResult(work.Module!.Module, new Dictionary<string, long>())));
        }

        Assert.True(schedule.IsDone);
        Assert.Equal(1, schedule.State.Tally.ProjectsDone);
        Assert.Equal(0, schedule.State.Tally.ListingsStarted);
    }

    [Fact]
    public void Start_BothParts_HoldTogetherWhatAllHolds()
    {
        var all = RunSchedule.Start(Plan, [Alpha]);
        var files = RunSchedule.Start(Plan, [Alpha], parts: RunScheduleParts.Files);
        var exports = RunSchedule.Start(Plan, [Alpha], parts: RunScheduleParts.Exports);

        Assert.Equal(all.State.Projects.Single().Outstanding, files.State.Projects.Single().Outstanding + exports.State.Projects.Single().Outstanding);
        Assert.Equal(Describe(all), Describe(files).Concat(Describe(exports)).Order(StringComparer.Ordinal));
    }

    private static IEnumerable<string> Describe(RunSchedule schedule) =>
        schedule.State.PendingListings.Select(l => "listing " + l.Next.OutputKey)
            .Concat(schedule.State.PendingIssueExports.Select(_ => "issues"))
            .Concat(schedule.State.PendingModuleExports.Concat(schedule.State.Projects.SelectMany(p => p.AwaitingListings)).Select(e => e.Module + " " + e.ListingKey))
            .Order(StringComparer.Ordinal);
}
