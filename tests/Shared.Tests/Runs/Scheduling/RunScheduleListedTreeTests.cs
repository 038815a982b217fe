using System.Text.Json;
using AccBackup.Modules;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Tests.Runs.Scheduling;

/// <summary>The modules that read what the listings found (permissions, attributes): held until their project's last listing
/// ended, then handed out with the key its listings wrote under; the other modules start beside the listings.</summary>
[Trait("Category", "Unit")]
public sealed class RunScheduleListedTreeTests
{
    private static readonly ProjectRef Alpha = new("b.alpha", "Alpha", "Alpha");
    private static readonly ProjectRef Beta = new("b.beta", "Beta", "Beta");

    [Fact]
    public void Next_ListingsPending_OnlyModulesNotReadingTheTreeStart()
    {
        var schedule = CreateSut();

        var work = schedule.Next(16);

        Assert.Equal([(Alpha, ModuleNames.Members), (Beta, ModuleNames.Members)], work.Where(w => w.Module is not null).Select(w => (w.Project, w.Module!.Module)));
        Assert.All(work.Where(w => w.Module is not null), w => Assert.Null(w.Module!.ListingKey));
    }

    [Fact]
    public void Listed_SubFoldersStillToList_HoldsTheTreeModulesUntilTheLastSliceEnds()
    {
        var schedule = CreateSut(Alpha);
        var top = schedule.Next(16).Single(w => w.IsListing);

        schedule.Listed(top, new ListFoldersResult(0, "folders.ndjson", 3, 1, 0, 0, []));
        var slices = schedule.Next(16).Where(w => w.IsListing).ToList();
        schedule.Listed(slices[0], new ListFoldersResult(0, null, 0, 2, 0, 0, []));

        Assert.DoesNotContain(schedule.Next(16), w => w.Module is not null);
        Assert.Equal(2, slices.Count);
        schedule.Failed(slices[1], new WorkFailure("ApsUnavailableException", "folder listing failed"));
        var released = schedule.Next(16).Where(w => w.Module is not null).ToList();
        Assert.Equal([ModuleNames.Permissions, ModuleNames.Attributes], released.Select(w => w.Module!.Module));
        Assert.All(released, w => Assert.Equal(new ExportModuleInput(w.Module!.Module, "run-2", Alpha, "run-1", top.Listing!.OutputKey), w.Module));
    }

    [Fact]
    public void Listed_OneProjectDone_ReleasesOnlyThatProjectsTreeModules()
    {
        var schedule = CreateSut();
        var work = schedule.Next(16);

        schedule.Listed(work.Single(w => w.IsListing && w.Project == Beta), new ListFoldersResult(0, null, 0, 1, 0, 0, []));

        Assert.All(schedule.Next(16).Where(w => w.Module is not null), w => Assert.Equal(Beta, w.Project));
        Assert.Equal(2, schedule.State.Projects.Single(p => p.Project == Alpha).AwaitingListings.Count);
        Assert.False(schedule.IsDone);
    }

    [Fact]
    public void State_WithHeldExports_RoundTripsThroughJson()
    {
        var schedule = CreateSut(Alpha);
        var top = schedule.Next(16).Single(w => w.IsListing);

        var copy = new RunSchedule(JsonSerializer.Deserialize<RunScheduleState>(JsonSerializer.Serialize(schedule.State))!);
        copy.Listed(top, new ListFoldersResult(0, null, 0, 1, 0, 0, []));

        Assert.Equal([ModuleNames.Permissions, ModuleNames.Attributes], copy.Next(16).Where(w => w.Module is not null).Select(w => w.Module!.Module));
    }

    private static RunSchedule CreateSut(params ProjectRef[] projects) => RunSchedule.Start(
        new RunPlan("run-2", DryRun: false, ForceCopy: false, IncludeHidden: true, PreviousRunId: null, FoldersPerListing: 2, IssuesBaseRunId: "run-1",
            Modules: [ModuleNames.Members, ModuleNames.Permissions, ModuleNames.Attributes]),
        projects.Length == 0 ? [Alpha, Beta] : projects, exportsPerModule: 8);
}
