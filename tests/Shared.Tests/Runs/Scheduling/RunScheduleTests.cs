using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Tests.Runs.Scheduling;

[Trait("Category", "Unit")]
public sealed class RunScheduleTests
{
    private static readonly ProjectRef Alpha = new("b.alpha", "Alpha", "Alpha");
    private static readonly ProjectRef Beta = new("b.beta", "Beta", "Beta");

    [Fact]
    public void Start_TwoProjects_ListsEachProjectsTopFoldersFirst()
    {
        var schedule = CreateSut(Alpha, Beta);

        var work = schedule.Next(8);

        Assert.Equal(2, work.Count);
        Assert.All(work, w => Assert.True(w.IsListing));
        Assert.Equal(["0000", "0001"], work.Select(w => w.Listing!.OutputKey));
        Assert.All(work, w => Assert.Null(w.Listing!.FoldersBlob));
        Assert.Equal(2, schedule.InFlight);
        Assert.False(schedule.IsDone);
    }

    [Fact]
    public void Start_FirstKey_NamesOutputsFromThatProjectNumber()
    {
        var schedule = RunSchedule.Start(Plan(), [Beta], firstKey: 7);

        Assert.Equal("0007", Assert.Single(schedule.Next(1)).Listing!.OutputKey);
    }

    [Fact]
    public void Next_ListingsPending_StartsListingsBeforeCopies()
    {
        var schedule = CreateSut(Alpha);
        var top = Assert.Single(schedule.Next(1));

        schedule.Listed(top, Found(chunks: 2, subFolders: 120));
        var next = schedule.Next(10);

        Assert.Equal(5, next.Count);
        Assert.Equal([true, true, true, false, false], next.Select(w => w.IsListing));
        Assert.Equal([0, 50, 100], next.Where(w => w.IsListing).Select(w => w.Listing!.Skip));
        Assert.All(next.Where(w => w.IsListing), w => Assert.Equal(50, w.Listing!.Take));
        Assert.Equal(["0000-000", "0000-001", "0000-002"], next.Where(w => w.IsListing).Select(w => w.Listing!.OutputKey));
        Assert.Equal([RunLayout.InventoryChunk("run-1", "0000", 0), RunLayout.InventoryChunk("run-1", "0000", 1)], next.Where(w => !w.IsListing).Select(w => w.Copy!.InventoryChunk));
    }

    [Fact]
    public void Next_ManyListingsAndChunksPending_ListingsTakeHalfTheWindowCopiesTheRest()
    {
        // A full-size account: listings pending all run long, so listings alone would starve every copy until the last
        // folder is listed (a run then takes listing floor + copy floor instead of the larger of the two).
        var schedule = CreateSut(Alpha);
        schedule.Listed(schedule.Next(1)[0], Found(chunks: 10, subFolders: 1_000));

        var first = schedule.Next(8);
        Assert.Equal([true, true, true, true, false, false, false, false], first.Select(w => w.IsListing));

        // A listing done frees a slot: with 4 copies in flight and chunks still waiting it goes to a listing again.
        schedule.Listed(first[0], Found(chunks: 0, subFolders: 0));
        Assert.True(Assert.Single(schedule.Next(1)).IsListing);

        // A copy done frees a slot while listings hold their half: it goes to a copy.
        schedule.Copied(first[4], new CopyChunkResult("r", 1, 1, 0, 0, 0, 0, 1, 0));
        Assert.False(Assert.Single(schedule.Next(1)).IsListing);
    }

    [Fact]
    public void Next_NoChunksWaiting_ListingsTakeTheWholeWindow()
    {
        var schedule = CreateSut(Alpha);
        schedule.Listed(schedule.Next(1)[0], Found(chunks: 1, subFolders: 1_000));

        var work = schedule.Next(8);

        Assert.Equal([true, true, true, true, false, true, true, true], work.Select(w => w.IsListing));
    }

    [Fact]
    public void Next_FewSlots_NeverHandsOutMoreThanAsked()
    {
        var schedule = CreateSut(Alpha);
        schedule.Listed(schedule.Next(1)[0], Found(chunks: 5, subFolders: 0));

        Assert.Equal(2, schedule.Next(2).Count);
        Assert.Empty(schedule.Next(0));
        Assert.Equal(3, schedule.Next(5).Count);
        Assert.Empty(schedule.Next(5));
    }

    [Fact]
    public void Copied_LastWorkOfProject_ProjectDoneAndScheduleDone()
    {
        var schedule = CreateSut(Alpha);
        schedule.Listed(schedule.Next(1)[0], Found(chunks: 1, subFolders: 0));
        var copy = Assert.Single(schedule.Next(4));
        Assert.Equal(0, schedule.Progress().ProjectsDone);

        schedule.Copied(copy, new CopyChunkResult("results-0", 10, 7, 1, 1, 0, 1, 700, 1));

        Assert.True(schedule.IsDone);
        var progress = schedule.Progress();
        Assert.Equal((1, 1), (progress.ProjectsDone, progress.ProjectsTotal));
        Assert.Equal((7L, 1L, 1L, 1L, 700L, 1L), (progress.FilesCopied, progress.FilesUnchanged, progress.FilesNoContent, progress.FilesFailed, progress.BytesCopied, progress.SizeMismatches));
    }

    [Fact]
    public void Copied_DryRunPlannedFiles_CountedAsPlannedNotNoContent()
    {
        var schedule = CreateSut(Alpha);
        schedule.Listed(schedule.Next(1)[0], Found(chunks: 1, subFolders: 0));

        schedule.Copied(schedule.Next(1)[0], new CopyChunkResult("r", 10, 0, 0, 2, 8, 0, 0, 0));

        var progress = schedule.Progress();
        Assert.Equal((2L, 8L), (progress.FilesNoContent, progress.FilesPlanned));
    }

    [Fact]
    public void Failed_Listing_RecordedAgainstItsProjectOnceAndRunGoesOn()
    {
        var schedule = CreateSut(Alpha, Beta);
        var work = schedule.Next(2);

        var verdict = schedule.Failed(work[0], new WorkFailure(typeof(ApsUnavailableException).FullName!, "APS answered 503"));
        schedule.Listed(work[1], Found(chunks: 0, subFolders: 0, errors: ["folder A: 500", "folder B: 500"]));

        Assert.Equal(FailureVerdict.Recorded, verdict);
        Assert.True(schedule.IsDone);
        var failures = schedule.FailedProjects();
        Assert.Equal(2, failures.Count);
        Assert.Equal("listing failed: APS answered 503", failures.Single(f => f.ProjectId == Alpha.Id).Error);
        Assert.Equal("folder A: 500; folder B: 500", failures.Single(f => f.ProjectId == Beta.Id).Error);
        Assert.Equal(2, schedule.Progress().ProjectsDone);
    }

    [Fact]
    public void Failed_ManyErrorsInOneProject_OneFailureWithTheCountOfTheRest()
    {
        var schedule = CreateSut(Alpha);
        var errors = Enumerable.Range(0, 9).Select(i => $"folder {i}: 500").ToList();

        schedule.Listed(schedule.Next(1)[0], Found(chunks: 0, subFolders: 0, errors: errors));

        var failure = Assert.Single(schedule.FailedProjects());
        Assert.EndsWith("; and 4 more", failure.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Failed_RejectedCredentials_AbortsTheRun()
    {
        var schedule = CreateSut(Alpha);

        var verdict = schedule.Failed(schedule.Next(1)[0], WorkFailure.From(new ApsAuthenticationException(ApsEndpoint.Token, System.Net.HttpStatusCode.Unauthorized, "Check Aps:ClientId")));

        Assert.Equal(FailureVerdict.AbortRun, verdict);
    }

    [Fact]
    public void Failed_Copy_CountsTheFailedBatchAndFinishesTheProject()
    {
        var schedule = CreateSut(Alpha);
        schedule.Listed(schedule.Next(1)[0], Found(chunks: 1, subFolders: 0));

        schedule.Failed(schedule.Next(1)[0], new WorkFailure("System.IO.IOException", "reset"));

        Assert.True(schedule.IsDone);
        Assert.Equal(1, schedule.State.Tally.CopiesFailed);
        Assert.Equal("copy of a batch failed: reset", Assert.Single(schedule.FailedProjects()).Error);
    }

    [Fact]
    public void State_RoundTripsThroughJson_ContinuesWhereItStopped()
    {
        var schedule = CreateSut(Alpha, Beta);
        var first = schedule.Next(1)[0];
        schedule.Listed(first, Found(chunks: 2, subFolders: 60));

        var json = JsonSerializer.Serialize(schedule.State);
        var resumed = new RunSchedule(JsonSerializer.Deserialize<RunScheduleState>(json)!);

        Assert.Equal(JsonSerializer.Serialize(schedule.Next(10)), JsonSerializer.Serialize(resumed.Next(10)));
        Assert.Equal(schedule.Progress(), resumed.Progress());
    }

    [Fact]
    public void Drive_WholeTree_SameDecisionsEveryTime()
    {
        static string Drive()
        {
            var schedule = CreateSut(Alpha, Beta);
            var log = new List<string>();
            var window = new List<ScheduledWork>();
            while (!schedule.IsDone)
            {
                window.AddRange(schedule.Next(3 - window.Count));
                var done = window[0];
                window.RemoveAt(0);
                log.Add(done.IsListing ? $"{done.Id}:L:{done.Listing!.OutputKey}" : $"{done.Id}:C:{done.Copy!.InventoryChunk}");
                if (done.IsListing)
                {
                    var depth = done.Listing!.OutputKey.Count(c => c == '-');
                    schedule.Listed(done, Found(chunks: 1, subFolders: depth < 2 ? 60 : 0));
                }
                else
                {
                    schedule.Copied(done, new CopyChunkResult("r", 1, 1, 0, 0, 0, 0, 1, 0));
                }
            }

            return string.Join(",", log);
        }

        var first = Drive();

        Assert.Equal(first, Drive());
        Assert.Equal(2 * (1 + 2 + 4), first.Split(',').Count(e => e.Contains(":L:", StringComparison.Ordinal)));
    }

    [Fact]
    public void State_HugeListing_SizeDoesNotGrowWithFoldersOrFiles()
    {
        var small = CreateSut(Alpha);
        small.Listed(small.Next(1)[0], Found(chunks: 2, subFolders: 60));
        var huge = CreateSut(Alpha);
        huge.Listed(huge.Next(1)[0], Found(chunks: 400, subFolders: 10_000));

        var smallSize = JsonSerializer.SerializeToUtf8Bytes(small.State).Length;
        var hugeSize = JsonSerializer.SerializeToUtf8Bytes(huge.State).Length;

        Assert.InRange(hugeSize - smallSize, 0, 16);
        Assert.Equal(400 + 200, huge.State.Projects[0].Outstanding);
    }

    private static RunSchedule CreateSut(params ProjectRef[] projects) => RunSchedule.Start(Plan(), projects);

    private static RunPlan Plan() => new("run-1", DryRun: false, ForceCopy: false, IncludeHidden: true, PreviousRunId: null, FoldersPerListing: 50);

    private static ListFoldersResult Found(int chunks, int subFolders, IReadOnlyList<string>? errors = null) => new(
        chunks, subFolders > 0 ? "folders.ndjson" : null, subFolders, 3, chunks * 10, chunks * 1000L, errors ?? []);
}
