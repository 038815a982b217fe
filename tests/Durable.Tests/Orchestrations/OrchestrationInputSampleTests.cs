using System.Text.Json;
using AccBackup.Backup.Settings;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>Inputs and outputs an earlier build left in a task hub's history (committed samples, as the Functions worker writes
/// them) still read: the settings a run pins moved from the orchestration's input into its plan, and the counts of unchanged
/// folders and files keep their earlier names on the wire.</summary>
[Trait("Category", "Unit")]
public sealed class OrchestrationInputSampleTests
{
    // The Functions worker's default serializer: System.Text.Json's defaults, property names read case-insensitively.
    private static readonly JsonSerializerOptions Worker = new() { PropertyNameCaseInsensitive = true };

    [Fact]
    public void BackupRunInput_WrittenWithThePinnedSettingsInIt_ReadsItsDispatchSettings()
    {
        var input = Read<BackupRunInput>("backup-run-input.json");

        Assert.Equal("20261126-nightly", input.Request.RunId);
        Assert.Equal(new OrchestrationSettings(48, 3, 4, 100), input.Settings);
    }

    [Fact]
    public void RunPlansFor_PreparationWrittenBeforeItPinnedSettings_PlansWithTheDefaults()
    {
        var prepared = Read<PrepareRunResult>("prepare-run-result.json");

        var plan = RunPlans.For(prepared, new BackupRunRequest());

        var defaults = new BackupOptions();
        Assert.Equal((defaults.IncludeHidden, defaults.FoldersPerListing, defaults.Versions), (plan.IncludeHidden, plan.FoldersPerListing, plan.Versions));
        Assert.Equal(("20261125-nightly", "20261125-nightly", true), (plan.PreviousRunId, plan.StoredRunId, plan.ExportIssues));
    }

    [Fact]
    public void RunPlansFor_PinnedSettings_AreThePlans()
    {
        var prepared = Read<PrepareRunResult>("prepare-run-result.json") with { Pinned = new PinnedRunSettings(false, 35, BackupVersions.All) };

        var plan = RunPlans.For(JsonSerializer.Deserialize<PrepareRunResult>(JsonSerializer.Serialize(prepared, Worker), Worker)!, new BackupRunRequest());

        Assert.Equal((false, 35, BackupVersions.All), (plan.IncludeHidden, plan.FoldersPerListing, plan.Versions));
    }

    [Fact]
    public void ListFoldersResult_WrittenWithCarriedCounts_ReadsAndWritesThemUnderTheSameNames()
    {
        var result = Read<ListFoldersResult>("list-folders-result.json");

        Assert.Equal((7, 120), (result.UnchangedFolders, result.UnchangedFiles));
        var written = JsonSerializer.Serialize(result, Worker);
        Assert.Contains("\"CarriedFolders\":7", written, StringComparison.Ordinal);
        Assert.Contains("\"CarriedFiles\":120", written, StringComparison.Ordinal);
    }

    [Fact]
    public void ProjectBackupOutcome_WrittenWithFoldersCarried_ReadsTheUnchangedFolders()
    {
        var outcome = Read<ProjectBackupOutcome>("project-backup-outcome.json");

        Assert.Equal((3L, 7L, 120L, 12), (outcome.Tally.FoldersListed, outcome.Tally.FoldersUnchanged, outcome.Tally.Unchanged, outcome.LargestGenerationTasks));
        Assert.Contains("\"FoldersCarried\":7", JsonSerializer.Serialize(outcome.Tally, Worker), StringComparison.Ordinal);
    }

    private static T Read<T>(string fileName) =>
        JsonSerializer.Deserialize<T>(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Samples", fileName)), Worker)!;
}
