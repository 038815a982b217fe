using AccBackup.Modules;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Tests.Runs.Scheduling;

/// <summary>Each module's exports run in lanes of their own beside the file window: a module never waits behind another
/// module or the files, and never runs more projects at once than its lanes.</summary>
[Trait("Category", "Unit")]
public sealed class RunScheduleExportLaneTests
{
    private static readonly ProjectRef[] Projects = [.. Enumerable.Range(1, 5).Select(i => new ProjectRef($"b.p{i}", $"P{i}", $"P{i}"))];

    [Fact]
    public void Next_FullFileWindow_EveryModuleStartsUpToItsLanes()
    {
        var schedule = CreateSut(lanes: 2);

        var work = schedule.Next(2);

        Assert.Equal(2, work.Count(w => w.IsListing));
        Assert.Equal(["b.p1", "b.p2"], work.Where(w => w.IsIssueExport).Select(w => w.Project.Id));
        Assert.Equal(["b.p1", "b.p2"], work.Where(w => w.Module?.Module == ModuleNames.Sheets).Select(w => w.Project.Id));
        Assert.Equal(["b.p1", "b.p2"], work.Where(w => w.Module?.Module == ModuleNames.Rfis).Select(w => w.Project.Id));
        Assert.Equal(8, schedule.InFlight);
        Assert.Equal(2, schedule.FileWorkInFlight);
    }

    [Fact]
    public void Report_OneModulesExportEnds_OnlyThatModuleTakesItsNextProject()
    {
        var schedule = CreateSut(lanes: 2);
        var sheets = schedule.Next(2).First(w => w.Module?.Module == ModuleNames.Sheets);

        schedule.Report(sheets, WorkOutcome.Succeeded(new ExportModuleResult(ModuleNames.Sheets, new Dictionary<string, long>())));
        var next = schedule.Next(0);

        var only = Assert.Single(next);
        Assert.Equal((ModuleNames.Sheets, "b.p3"), (only.Module?.Module, only.Project.Id));
    }

    [Fact]
    public void Failed_ModuleExport_FreesItsLaneForTheNextProject()
    {
        var schedule = CreateSut(lanes: 1);
        var rfis = schedule.Next(1).Single(w => w.Module?.Module == ModuleNames.Rfis);

        schedule.Failed(rfis, new WorkFailure("System.TimeoutException", "timed out"));

        var next = Assert.Single(schedule.Next(0), w => w.Module?.Module == ModuleNames.Rfis);
        Assert.Equal("b.p2", next.Project.Id);
        Assert.Single(schedule.State.Tally.Modules.Gaps);
    }

    [Fact]
    public void Next_EveryExportStartedAndEnded_ScheduleDoneWithEachModuleOncePerProject()
    {
        var schedule = CreateSut(lanes: 3);
        var exported = new List<(string, string)>();
        for (var round = 0; round < 100 && !schedule.IsDone; round++)
        {
            foreach (var work in schedule.Next(4))
            {
                if (work.IsListing)
                {
                    schedule.Listed(work, new ListFoldersResult(0, null, 0, 1, 0, 0, []));
                }
                else if (work.IsIssueExport)
                {
                    exported.Add((ModuleNames.Issues, work.Project.Id));
                    schedule.IssuesExported(work, new ExportIssuesResult(0, 0, 0, 0, 0, 0, null));
                }
                else
                {
                    Assert.True(schedule.State.ExportsInFlight[work.Module!.Module] <= 3);
                    exported.Add((work.Module.Module, work.Project.Id));
                    schedule.Report(work, WorkOutcome.Succeeded(new ExportModuleResult(work.Module.Module, new Dictionary<string, long>())));
                }
            }
        }

        Assert.True(schedule.IsDone);
        Assert.Equal(15, exported.Distinct().Count());
        Assert.Equal(15, exported.Count);
    }

    private static RunSchedule CreateSut(int lanes) => RunSchedule.Start(
        new RunPlan("run-2", DryRun: false, ForceCopy: false, IncludeHidden: true, PreviousRunId: null, FoldersPerListing: 50, ExportIssues: true,
            IssuesBaseRunId: "run-1", Modules: [ModuleNames.Sheets, ModuleNames.Rfis]),
        Projects, exportsPerModule: lanes);
}
