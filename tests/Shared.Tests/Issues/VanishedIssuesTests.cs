using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Tests.Backup.Copying;
using AccBackup.Tests.Modules;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.Tests.Issues;

/// <summary>An issue ACC lists no more (purged, moved out of the project) leaves the next incremental snapshot, counted and named,
/// and stays in the earlier one; found by each pass's total, listing a pass in full only when its count differs.</summary>
public sealed class VanishedIssuesTests
{
    private const string Project = "Demo Tower";

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task ExportAsync_IssuePurgedAfterRunOne_RunTwoLeavesItOutRunOneKeepsItAndCountsIt(bool deleted)
    {
        var counter = new IssueListingCounter();
        using var logs = new CopyEngineHost.CapturedLogs();
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap, configure: services =>
        {
            counter.AddTo(services);
            services.AddLogging(b => b.AddProvider(logs));
        });
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        var run1 = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, Project), CancellationToken.None);
        using var truth1 = await host.Emulator.IssueTruth.GetAsync(projectId);
        var previous = (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var purged = previous.Issues.First(i => i.Deleted == deleted).Id;

        host.Emulator.IssueMutations.PurgeIssue(purged);
        counter.Clear();
        var run2 = await exporter.ExportAsync(new IssueExportRequest("run-2", projectId, Project, previous), CancellationToken.None);

        var snapshot2 = (await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        using var truth2 = await host.Emulator.IssueTruth.GetAsync(projectId);
        await IssueTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], snapshot2, host.Container);
        var snapshot1 = (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await IssueTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0], snapshot1, host.Container);
        Assert.Contains(snapshot1.Issues, i => i.Id == purged);
        Assert.DoesNotContain(snapshot2.Issues, i => i.Id == purged);
        Assert.Equal([purged], snapshot2.VanishedIssueIds);
        Assert.Equal((1, 0, run1.Issues - 1), (run2.IssuesVanished, run2.IssuesRead, run2.Issues));
        Assert.Single(logs.Lines, l => l.StartsWith("Warning", StringComparison.Ordinal) && l.Contains($"Issues of {projectId}: 1 issues of run run-1 are no longer listed", StringComparison.Ordinal));
        // Two totals and the two updatedAt passes; only the pass that lost an issue listed in full (one page).
        Assert.Equal((1, 1), (counter.Count(IssueListing.Total, deleted: false), counter.Count(IssueListing.Total, deleted: true)));
        Assert.Equal(2, counter.Count(IssueListing.Changed));
        Assert.Equal((1, 0), (counter.Count(IssueListing.Full, deleted), counter.Count(IssueListing.Full, !deleted)));
    }

    [Fact]
    public async Task ExportAsync_IssuePurgedAndAnotherCreated_TotalUnchangedYetThePurgedIsDropped()
    {
        var counter = new IssueListingCounter();
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap, configure: counter.AddTo);
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, Project), CancellationToken.None);
        var previous = (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var purged = previous.Issues.First(i => !i.Deleted).Id;

        // One gone, one new: ACC's undeleted total is what run 1 saw, but run 2 reads the new issue and would carry the purged
        // one, so its records count one more than the total.
        host.Emulator.IssueMutations.PurgeIssue(purged);
        var created = host.Emulator.IssueMutations.CreateIssue(projectId, "Water ingress at level 3").IssueId;
        using var truth2 = await host.Emulator.IssueTruth.GetAsync(projectId);
        var issues2 = truth2.RootElement.GetProperty("projects")[0].GetProperty("issues").EnumerateArray().ToList();
        Assert.Equal(previous.Issues.Count(i => !i.Deleted), issues2.Count(i => !i.GetProperty("issue").GetProperty("deleted").GetBoolean()));
        counter.Clear();
        var run2 = await exporter.ExportAsync(new IssueExportRequest("run-2", projectId, Project, previous), CancellationToken.None);

        var snapshot2 = (await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        await IssueTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], snapshot2, host.Container);
        Assert.Contains(snapshot2.Issues, i => i.Id == created);
        Assert.DoesNotContain(snapshot2.Issues, i => i.Id == purged);
        Assert.Equal([purged], snapshot2.VanishedIssueIds);
        Assert.Equal((1, 1), (run2.IssuesVanished, run2.IssuesRead));
        Assert.Equal((1, 0), (counter.Count(IssueListing.Full, deleted: false), counter.Count(IssueListing.Full, deleted: true)));
    }

    [Fact]
    public async Task ExportAsync_IssueDeletedAndAnotherCreated_NothingVanishesTwoTotalCallsAndNoFullListing()
    {
        var counter = new IssueListingCounter();
        await using var host = await ModulesHost.StartAsync(settings: NoOverlap, configure: counter.AddTo);
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, Project), CancellationToken.None);
        var firstRun = (counter.Count(IssueListing.Total), counter.Count(IssueListing.Full));
        var previous = (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;

        // A live issue deleted moves from one pass to the other; the deleted pass reads it again (its updatedAt moved).
        host.Emulator.IssueMutations.DeleteIssue(previous.Issues.First(i => !i.Deleted).Id);
        host.Emulator.IssueMutations.CreateIssue(projectId, "Missing fire stopping");
        counter.Clear();
        var run2 = await exporter.ExportAsync(new IssueExportRequest("run-2", projectId, Project, previous), CancellationToken.None);

        var snapshot2 = (await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        using var truth2 = await host.Emulator.IssueTruth.GetAsync(projectId);
        await IssueTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], snapshot2, host.Container);
        Assert.Equal((0, 2, (IReadOnlyList<string>?)null), (run2.IssuesVanished, run2.IssuesRead, snapshot2.VanishedIssueIds));
        // A full read asks no totals; an incremental one exactly one per pass, and lists nothing in full.
        Assert.Equal((0, 2), firstRun);
        Assert.Equal((2, 2, 0), (counter.Count(IssueListing.Total), counter.Count(IssueListing.Changed), counter.Count(IssueListing.Full)));
    }

    private static readonly Dictionary<string, string?> NoOverlap = new() { ["Issues:UpdatedOverlap"] = "00:00:00" };
}
