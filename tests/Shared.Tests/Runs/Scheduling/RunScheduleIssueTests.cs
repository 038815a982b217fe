using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Tests.Runs.Scheduling;

/// <summary>The issue-export work item of each project: scheduled alongside the listings, done before the project is,
/// its failure recorded apart from the files and never the run's end.</summary>
[Trait("Category", "Unit")]
public sealed class RunScheduleIssueTests
{
    private static readonly ProjectRef Alpha = new("b.alpha", "Alpha", "Alpha");
    private static readonly ProjectRef Beta = new("b.beta", "Beta", "Beta");

    [Fact]
    public void Next_IssuesExported_OneExportPerProjectBesideItsListingWithTheLatestRunAsBase()
    {
        var schedule = CreateSut(exportIssues: true);

        var work = schedule.Next(8);

        Assert.Equal([Alpha, Beta], work.Where(w => w.IsIssueExport).Select(w => w.Project));
        Assert.All(work.Where(w => w.IsIssueExport), w => Assert.Equal(new ExportIssuesInput("run-2", w.Project, "run-1"), w.Issues));
        Assert.Equal(2, work.Count(w => w.IsListing));
        Assert.Equal(4, schedule.InFlight);
    }

    [Fact]
    public void Next_IssuesNotExported_SchedulesNoExport()
    {
        var schedule = CreateSut(exportIssues: false);

        Assert.DoesNotContain(schedule.Next(8), w => w.IsIssueExport);
        Assert.Null(schedule.IssueTotals());
    }

    [Fact]
    public void Next_FileWindowOfOne_IssueExportsRunBesideIt()
    {
        var schedule = CreateSut(exportIssues: true);

        var work = schedule.Next(1);

        Assert.Equal(2, work.Count(w => w.IsIssueExport));
        Assert.Equal(Alpha, Assert.Single(work, w => w.IsListing).Project);
        Assert.Empty(schedule.State.PendingIssueExports);
    }

    [Fact]
    public void IssuesExported_ListedToo_ProjectDoneOnlyAfterBothAndCountsJoinTheTally()
    {
        var schedule = CreateSut(exportIssues: true, Alpha);
        var work = schedule.Next(8);
        schedule.Listed(work.Single(w => w.IsListing), new ListFoldersResult(0, null, 0, 1, 0, 0, []));
        Assert.False(schedule.IsDone);

        schedule.IssuesExported(work.Single(w => w.IsIssueExport), new ExportIssuesResult(8, 2, 5, 3, 1, 8, null) { AttachmentsReferenced = 2, IssuesVanished = 1 });

        Assert.True(schedule.IsDone);
        Assert.Equal(1, schedule.State.Tally.ProjectsDone);
        var totals = schedule.IssueTotals();
        Assert.Equal(new AccBackup.Manifest.IssuesSummary(1, 8, 2, 5, 3, 1, []) { AttachmentsReferenced = 2, VanishedIssues = 1 }, totals! with { FailedProjects = [] });
        Assert.Empty(totals.FailedProjects);
    }

    [Fact]
    public void IssuesExported_Refused_RecordedAsTheProjectsIssuesFailureNotItsFiles()
    {
        var schedule = CreateSut(exportIssues: true, Alpha);
        var export = schedule.Next(8).Single(w => w.IsIssueExport);

        schedule.IssuesExported(export, ExportIssuesResult.Failed("ACC Issues refused access; check Issues:ServiceAccountId"));

        Assert.Empty(schedule.FailedProjects());
        var failure = Assert.Single(schedule.IssueTotals()!.FailedProjects);
        Assert.Equal(("b.alpha", "ACC Issues refused access; check Issues:ServiceAccountId"), (failure.ProjectId, failure.Error));
        Assert.Equal(0, schedule.IssueTotals()!.Projects);
    }

    [Fact]
    public void Failed_IssueExportWithAFatalErrorType_RecordedNeverAbortsTheRun()
    {
        var schedule = CreateSut(exportIssues: true, Alpha);
        var export = schedule.Next(8).Single(w => w.IsIssueExport);

        var verdict = schedule.Failed(export, new WorkFailure(typeof(ApsAuthenticationException).FullName!, "token refused"));

        Assert.Equal(FailureVerdict.Recorded, verdict);
        Assert.Empty(schedule.FailedProjects());
        Assert.Equal("export of issues failed: token refused", Assert.Single(schedule.IssueFailures()).Error);
        Assert.Equal(1, schedule.InFlight);
    }

    [Fact]
    public void State_WithPendingExportsAndFullLanes_RoundTripsThroughJson()
    {
        var schedule = RunSchedule.Start(Plan(exportIssues: true), [Alpha, Beta], exportsPerModule: 1);
        var first = schedule.Next(1).Single(w => w.IsIssueExport);

        var copy = new RunSchedule(JsonSerializer.Deserialize<RunScheduleState>(JsonSerializer.Serialize(schedule.State))!);

        Assert.DoesNotContain(copy.Next(8), w => w.IsIssueExport);
        copy.IssuesExported(first, new ExportIssuesResult(1, 0, 0, 0, 0, 1, null));
        Assert.Equal(new ExportIssuesInput("run-2", Beta, "run-1"), Assert.Single(copy.Next(0)).Issues);
    }

    private static RunSchedule CreateSut(bool exportIssues, params ProjectRef[] projects) =>
        RunSchedule.Start(Plan(exportIssues), projects.Length == 0 ? [Alpha, Beta] : projects, exportsPerModule: 8);

    private static RunPlan Plan(bool exportIssues) =>
        new("run-2", DryRun: false, ForceCopy: false, IncludeHidden: true, PreviousRunId: null, FoldersPerListing: 50, ExportIssues: exportIssues, IssuesBaseRunId: "run-1");
}
