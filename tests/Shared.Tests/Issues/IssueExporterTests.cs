using System.Text;
using AccBackup.Issues;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Issues;

/// <summary>Exports on the emulator and Azurite: equal to the truth, incremental by updatedAt, attachments written once.</summary>
public sealed class IssueExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthDeletedIssuesAndAttachmentHashesIncluded()
    {
        await using var host = await IssuesHost.StartAsync();
        var projectId = await host.ProjectIdAsync(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();

        var result = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);

        using var truth = await host.Emulator.IssueTruth.GetAsync(projectId);
        var snapshot = await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None);
        Assert.NotNull(snapshot);
        await IssueTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.True(result.DeletedIssues > 0 && result.Attachments > 0 && result.Comments > 0, $"the demo project lacks a case: {result}");
        Assert.Equal(result.Attachments, result.AttachmentsCopied);
        Assert.Equal(0, result.AttachmentFailures);
        Assert.Null(snapshot.UpdatedSince);
    }

    [Fact]
    public async Task ExportAsync_DemoProject_WritesACsvRowPerIssueWithNamesAndACustomAttributeColumn()
    {
        await using var host = await IssuesHost.StartAsync();
        var projectId = await host.ProjectIdAsync(0);

        var result = await host.Services.GetRequiredService<IssueExporter>().ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);

        await using var stream = await host.Container.OpenReadAsync(result.CsvBlob, null, null, CancellationToken.None);
        using var reader = new StreamReader(stream, Encoding.UTF8);
        var lines = (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(result.Issues + 1, lines.Length);
        Assert.StartsWith("displayId,title,status,type,subtype,", lines[0], StringComparison.Ordinal);
        Assert.EndsWith(",Trade,Cost impact (USD),Reference", lines[0], StringComparison.Ordinal);
        // Type names and list options as text, not ids; the Reference text quotes its own quotes.
        Assert.All(lines.Skip(1), l => Assert.Matches(",(Quality|Safety|Punch list|Design),", l));
        Assert.All(lines.Skip(1), l => Assert.Matches(",(Concrete|Electrical|Mechanical|Plumbing|Drywall|Façade),[0-9]+,\"REF-", l));
    }

    [Fact]
    public async Task ExportAsync_SecondRunAfterChanges_ReadsOnlyChangedIssuesAndEachRunEqualsItsTruth()
    {
        await using var host = await IssuesHost.StartAsync();
        var projectId = await host.ProjectIdAsync(0);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        var run1 = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Tower"), CancellationToken.None);
        var requestsRun1 = host.Emulator.GetStats().Count(EndpointCategory.Issues);
        using var truth1 = await host.Emulator.IssueTruth.GetAsync(projectId);
        var previous = await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None);
        var live = previous!.Issues.Where(i => !i.Deleted).Select(i => i.Id).ToList();

        var changes = host.Emulator.IssueMutations;
        changes.UpdateIssue(live[0], title: "Crack in slab at grid C4 (re-inspected)");
        changes.UpdateIssue(live[1], status: "closed");
        changes.DeleteIssue(live[2]);
        changes.AddComment(live[3], "Fixed, photo attached.");
        changes.AddAttachment(live[3], "IMG_after.jpg", 150_000);
        host.Emulator.ResetStats();
        var run2 = await exporter.ExportAsync(new IssueExportRequest("run-2", projectId, "Demo Tower", previous), CancellationToken.None);
        var requestsRun2 = host.Emulator.GetStats().Count(EndpointCategory.Issues);

        using var truth2 = await host.Emulator.IssueTruth.GetAsync(projectId);
        await IssueTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0],
            (await IssueSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!, host.Container);
        await IssueTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0],
            (await IssueSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!, host.Container);
        Assert.Equal(4, run2.IssuesRead);
        Assert.Equal(1, run2.AttachmentsCopied);
        Assert.Equal(run1.Issues, run2.Issues);
        Assert.Equal(run1.DeletedIssues + 1, run2.DeletedIssues);
        // Settings (4) and two list passes (2), then per changed issue its attachments, and its comments when it has any.
        Assert.InRange(requestsRun2, 4 + 2 + 4, 4 + 2 + (2 * 4));
        Assert.True(requestsRun2 < requestsRun1, $"run 2 made {requestsRun2} Issues requests, run 1 {requestsRun1}");
    }

    [Fact]
    public async Task ExportAsync_SameRunTwice_ReturnsTheFirstSnapshotWithoutReadingAgain()
    {
        await using var host = await IssuesHost.StartAsync();
        var projectId = await host.ProjectIdAsync(1);
        var exporter = host.Services.GetRequiredService<IssueExporter>();
        var first = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Hospital"), CancellationToken.None);
        host.Emulator.ResetStats();

        var again = await exporter.ExportAsync(new IssueExportRequest("run-1", projectId, "Demo Hospital"), CancellationToken.None);

        Assert.Equal(first with { IssuesRead = 0, AttachmentsCopied = 0 }, again);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Issues));
    }
}
