using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>prune through the CLI over real backups of the emulator: four nights on four days, a change before nights 2 and
/// 3, a delete before night 3; keeping two days removes nights 1 and 2 and exactly the versions only they held.</summary>
public sealed class PruneCommandTests : IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("acc-backup-prune-").FullName;

    [Fact]
    public async Task Prune_KeepTwoDaysAfterFourNights_DryRunListsThenPruneRemovesOnlyWhatNoKeptNightHoldsAndKeptNightsRestore()
    {
        var ct = CancellationToken.None;
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, ct);
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        using var container = CliHarness.ContainerFor(environment);

        var files = (await emulator.Truth.GetFilesAsync(TruthHashing.None, ct)).Where(f => f.HasStorage).OrderBy(f => f.ItemId, StringComparer.Ordinal).ToList();
        var (changedOnce, changedTwice, deleted) = (files[0], files[1], files[2]);
        var today = DateTimeOffset.UtcNow.Date;
        await RunAsync(environment, "night-1", new ShiftedTimeProvider(new DateTimeOffset(today.AddDays(-3).AddHours(10), TimeSpan.Zero)));
        emulator.Mutations.ChangeFile(changedOnce.ItemId, 3_333);
        emulator.Mutations.ChangeFile(changedTwice.ItemId, 4_444);
        await RunAsync(environment, "night-2", new ShiftedTimeProvider(new DateTimeOffset(today.AddDays(-2).AddHours(10), TimeSpan.Zero)));
        emulator.Mutations.ChangeFile(changedTwice.ItemId, 5_555);
        emulator.Mutations.DeleteFile(deleted.ItemId);
        await RunAsync(environment, "night-3", new ShiftedTimeProvider(new DateTimeOffset(today.AddDays(-1).AddHours(10), TimeSpan.Zero)));

        // Storage lists creation times to the second, and prune removes only blobs made before the newest kept night started:
        // nights 1-3 took seconds here, not days, so night 4 starts a second after their last blob.
        await Task.Delay(TimeSpan.FromSeconds(1.1), ct);
        await RunAsync(environment, "night-4", TimeProvider.System);

        // What only nights 1 and 2 hold: the first version of both changed files, and the second of the one changed twice.
        var kept = (await BlobNamesAsync(environment, "night-3")).Union(await BlobNamesAsync(environment, "night-4")).ToHashSet(StringComparer.Ordinal);
        var onlyRemoved = (await BlobNamesAsync(environment, "night-1")).Union(await BlobNamesAsync(environment, "night-2")).Except(kept).Order(StringComparer.Ordinal).ToList();
        Assert.Equal(3, onlyRemoved.Count);
        var before = await NamesAsync(container);
        string[] policy = ["prune", "--keep-daily", "2", "--keep-weekly", "0", "--keep-monthly", "0"];

        var dry = await CliHarness.InvokeAsync(environment, [.. policy, "--dry-run"]);

        Assert.True(dry.ExitCode == 0, dry.ToString());
        Assert.Equal(before, await NamesAsync(container));
        Assert.True(
            dry.Output.Contains("Dry run, nothing deleted. A prune would remove:", StringComparison.Ordinal)
            && dry.Output.Contains("  2 runs: ", StringComparison.Ordinal)
            && dry.Output.Contains("  3 backed-up blobs no kept run references: ", StringComparison.Ordinal),
            dry.Output);
        Assert.All(onlyRemoved, name => Assert.Contains(name, dry.Output, StringComparison.Ordinal));

        var pruned = await CliHarness.InvokeAsync(environment, [.. policy, "--json"]);

        Assert.True(pruned.ExitCode == 0, pruned.ToString());
        using var json = JsonDocument.Parse(pruned.Output);
        var report = json.RootElement;
        Assert.Equal((2, 2, 3), (report.GetProperty("runsKept").GetInt32(), report.GetProperty("runsRemoved").GetInt32(), report.GetProperty("blobsRemoved").GetInt32()));
        Assert.Equal(onlyRemoved, report.GetProperty("removedBlobs").EnumerateArray().Select(b => b.GetProperty("name").GetString()!));
        Assert.True(report.GetProperty("bytesFreed").GetInt64() > 3_333 + 4_444, pruned.Output);
        Assert.Equal(0, report.GetProperty("blobsRetained").GetInt64());

        var after = await NamesAsync(container);
        Assert.Empty(after.Intersect(onlyRemoved));
        Assert.Superset(kept, after);
        Assert.DoesNotContain(after, n => n.StartsWith(RunLayout.RunFolder("night-1"), StringComparison.Ordinal) || n.StartsWith(RunLayout.RunFolder("night-2"), StringComparison.Ordinal));
        var runs = await CliHarness.InvokeAsync(environment, "runs", "--json");
        using (var listed = JsonDocument.Parse(runs.Output))
        {
            Assert.Equal(["night-4", "night-3"], listed.RootElement.GetProperty("runs").EnumerateArray().Select(r => r.GetProperty("runId").GetString()));
        }

        // Every kept night restores in full, each file SHA-256 checked, the deleted file's stored copy included.
        foreach (var night in new[] { "night-3", "night-4" })
        {
            var restore = await CliHarness.InvokeAsync(environment, "restore", "--run", night, "--to", Path.Combine(scratch, night), "--json");
            Assert.True(restore.ExitCode == 0, restore.ToString());
        }

        // A second prune finds nothing more to remove.
        var again = await CliHarness.InvokeAsync(environment, [.. policy, "--json"]);
        using var second = JsonDocument.Parse(again.Output);
        Assert.Equal((0, 0), (second.RootElement.GetProperty("runsRemoved").GetInt32(), second.RootElement.GetProperty("blobsRemoved").GetInt32()));
    }

    [Fact]
    public async Task Prune_NegativeCount_ExitsOneNamingTheOption()
    {
        var environment = await CliHarness.StorageEnvironmentAsync();

        var result = await CliHarness.InvokeAsync(environment, "prune", "--keep-daily", "-1");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("--keep-daily needs a whole number, 0 or more (got '-1')", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Prune_NoRunYet_ExitsZeroSayingThereIsNothingToPrune()
    {
        var environment = await CliHarness.StorageEnvironmentAsync();
        using (var container = CliHarness.ContainerFor(environment))
        {
            await container.CreateIfNotExistsAsync(CancellationToken.None);
        }

        var result = await CliHarness.InvokeAsync(environment, "prune");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("nothing to prune", result.Output, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    private static async Task RunAsync(Dictionary<string, string?> environment, string runId, TimeProvider time)
    {
        var run = await CliHarness.InvokeAsync(environment, time, "run", "--run-id", runId, "--json");
        Assert.True(run.ExitCode == 0, run.ToString());
    }

    private static async Task<HashSet<string>> BlobNamesAsync(Dictionary<string, string?> environment, string runId)
    {
        var (reader, clients) = CliHarness.ReaderFor(environment);
        using (clients)
        {
            var manifest = await reader.ReadAsync(runId, CancellationToken.None);
            return manifest.Files.Where(e => e.BlobName is { Length: > 0 }).Select(e => e.BlobName!).ToHashSet(StringComparer.Ordinal);
        }
    }

    private static async Task<SortedSet<string>> NamesAsync(BlobContainer container)
    {
        var names = new SortedSet<string>(StringComparer.Ordinal);
        await foreach (var blob in container.ListAsync(null, CancellationToken.None))
        {
            names.Add(blob.Name);
        }

        return names;
    }
}
