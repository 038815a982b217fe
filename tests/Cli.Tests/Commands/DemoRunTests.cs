using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccEmulator;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>The whole tool end to end: run --demo into Azurite, then verify, restore and list what it stored.</summary>
public sealed class DemoRunTests(DemoRunFixture demo) : IClassFixture<DemoRunFixture>, IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("cli-restore-").FullName;

    [Fact]
    public async Task Run_OutputRedirected_ProgressMovesEverySecondWhileFilesAreCopied()
    {
        // The demo account served at 2 MB/s (its 4 MiB take about 2 s), so the run lasts long enough for progress lines
        // however fast the machine is: unpaced, the demo may finish within its first second and print none.
        var capped = new FaultOptions { Bandwidth = new BandwidthLimits { TotalBytesPerSecond = 2_000_000 } };
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Faults = capped, Quotas = QuotaOptions.Disabled });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);

        var run = await CliHarness.InvokeAsync(environment, "run");

        Assert.True(run.ExitCode == 0, run.ToString());
        // The plain progress line of redirected output: "[mm:ss] phase: …, files done/found (copied n, …), 1.2 MiB copied at …" (no rate on a line before one is known).
        var lines = System.Text.RegularExpressions.Regex.Matches(
                run.Output, @"(?m)^\[(?<m>\d+):(?<s>\d\d)\] [\w ]+: .*, files (?<done>[\d,]+)/(?<found>[\d,]+) \(copied (?<copied>[\d,]+),.*\), (?<bytes>\S+ \S+) copied( at|$)")
            .Select(m => (Seconds: (Number(m, "m") * 60) + Number(m, "s"), Done: Number(m, "done"), Found: Number(m, "found"),
                Copied: Number(m, "copied"), Bytes: m.Groups["bytes"].Value))
            .ToList();

        // Every line from the first with a file copied on: what must hold is the rhythm, and that the lines show more done as they go.
        var copying = lines.SkipWhile(l => l.Copied == 0).ToList();

        Assert.True(copying.Count > 0, run.ToString());
        var pairs = copying.Zip(copying.Skip(1)).ToList();
        foreach (var (before, after) in pairs)
        {
            Assert.True(after.Seconds >= before.Seconds && after.Done >= before.Done, $"progress went back between {before} and {after}\n{run}");
        }

        // A line a second (elapsed is shown in whole seconds, so one may read two): measured over the whole copy, since
        // on a loaded machine one tick, or one second of copying, can come late without the display being wrong.
        var span = copying[^1].Seconds - copying[0].Seconds;
        Assert.True(pairs.Count * 2 >= span, $"{copying.Count} progress lines over {span} s of copying\n{run}");
        // A loaded machine can copy nothing for a few seconds (measured: 76.4 KiB for two lines running): the lines must
        // show the copy moving, not that it moved in every one of their seconds.
        var moved = pairs.Count(p => p.Second.Done > p.First.Done || p.Second.Bytes != p.First.Bytes);
        Assert.True(pairs.Count == 0 || moved > 0, $"none of {copying.Count} progress lines showed more done\n{run}");

        static long Number(System.Text.RegularExpressions.Match match, string group) =>
            long.Parse(match.Groups[group].Value, System.Globalization.NumberStyles.AllowThousands, System.Globalization.CultureInfo.InvariantCulture);
    }

    [Fact]
    public void RunDemo_FreshContainer_ExitsZeroWithProgressSummaryAndManifestLocation()
    {
        var run = demo.Run;

        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.Contains("Demo: APS emulator at http://127.0.0.1:", run.Output, StringComparison.Ordinal);
        Assert.Contains($"Manifest: http://127.0.0.1:", run.Output, StringComparison.Ordinal);
        Assert.Contains($"$acc-backup/runs/{demo.Manifest.Summary.RunId}/manifest.json", run.Output, StringComparison.Ordinal);
        Assert.Contains("Every file with content is stored and verified.", run.Output, StringComparison.Ordinal);
        Assert.Equal(demo.Truth.Count, demo.Manifest.Summary.Files);
        Assert.Equal(0, demo.Manifest.Summary.Failed);
    }

    [Fact]
    public async Task VerifyLatest_AfterDemoRun_ExitsZeroHavingCheckedEveryStoredFile()
    {
        var result = await CliHarness.InvokeAsync(demo.Environment, "verify", "--run", "latest", "--json");

        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        Assert.Equal(demo.Truth.Count(f => f.HasStorage), json.RootElement.GetProperty("checked").GetInt32());
        Assert.Equal(0, json.RootElement.GetProperty("findings").GetArrayLength());
    }

    [Fact]
    public async Task RestoreLatest_AfterDemoRun_ReproducesEveryDemoFileIdenticalToTruth()
    {
        var result = await CliHarness.InvokeAsync(demo.Environment, "restore", "--run", "latest", "--to", scratch);

        Assert.True(result.ExitCode == 0, result.ToString());
        var byItem = demo.Manifest.Files.ToDictionary(e => e.ItemId);
        var withStorage = demo.Truth.Where(f => f.HasStorage).ToList();
        foreach (var file in withStorage)
        {
            var entry = byItem[file.ItemId];
            Assert.Equal(file.VersionId, entry.VersionId);
            await using var restored = File.OpenRead(Path.Combine(scratch, entry.Place!));
            var sha256 = Convert.ToHexStringLower(await SHA256.HashDataAsync(restored));
            Assert.True(file.Sha256 == sha256, $"{file.Path}: restored bytes differ from the emulator's");
        }

        Assert.Equal(withStorage.Count, Directory.GetFiles(scratch, "*", SearchOption.AllDirectories).Length);
    }

    [Fact]
    public async Task RestoreOneProjectWithPrefix_AfterDemoRun_WritesOnlyThoseFiles()
    {
        var entry = demo.Manifest.Files.First(e => e.Status == ManifestStatus.Copied && e.Path.Count(c => c == '/') >= 2);
        var folder = entry.Path.Split('/')[1];
        var expected = demo.Manifest.Files.Count(e => e.Status == ManifestStatus.Copied && e.ProjectName == entry.ProjectName && e.Path.StartsWith($"{entry.ProjectName}/{folder}", StringComparison.Ordinal));

        var result = await CliHarness.InvokeAsync(demo.Environment, "restore", "--run", "latest", "--to", scratch, "--project", entry.ProjectName, "--path", folder);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(expected, Directory.GetFiles(scratch, "*", SearchOption.AllDirectories).Length);
        Assert.All(Directory.GetDirectories(scratch), d => Assert.Equal(entry.ProjectName, Path.GetFileName(d)));
    }

    [Fact]
    public async Task RestoreJson_DifferentLocalFileThere_ExitsTwoLeavingItAndReportingItSkipped()
    {
        var (entry, local) = WriteLocalFile("edited locally");

        var result = await CliHarness.InvokeAsync(demo.Environment, "restore", "--run", "latest", "--to", scratch, "--json");

        Assert.True(result.ExitCode == 2, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        var skipped = Assert.Single(json.RootElement.GetProperty("skipped").EnumerateArray());
        Assert.Equal(entry.Path, skipped.GetProperty("path").GetString());
        Assert.Equal(0, json.RootElement.GetProperty("overwritten").GetInt32());
        Assert.Equal("edited locally", await File.ReadAllTextAsync(local));
    }

    [Fact]
    public async Task RestoreOverwrite_DifferentLocalFileThere_ExitsZeroSayingHowManyWereOverwritten()
    {
        var (entry, local) = WriteLocalFile("edited locally");

        var text = await CliHarness.InvokeAsync(demo.Environment, "restore", "--run", "latest", "--to", scratch, "--overwrite");
        await File.WriteAllTextAsync(local, "edited again");
        var json = await CliHarness.InvokeAsync(demo.Environment, "restore", "--run", "latest", "--to", scratch, "--overwrite", "--json");

        Assert.True(text.ExitCode == 0, text.ToString());
        Assert.Contains("1 overwritten", text.Output, StringComparison.Ordinal);
        Assert.True(json.ExitCode == 0, json.ToString());
        using var report = JsonDocument.Parse(json.Output);
        Assert.Equal(1, report.RootElement.GetProperty("overwritten").GetInt32());
        Assert.Equal(demo.Truth.Count(f => f.HasStorage) - 1, report.RootElement.GetProperty("alreadyPresent").GetInt32());
        Assert.Equal(entry.StoredSize, new FileInfo(local).Length);
    }

    [Fact]
    public async Task VerifyAndRestore_TamperedBlob_ExitTwoNamingTheFile()
    {
        var victim = demo.Manifest.Files.First(e => e.Status == ManifestStatus.Copied && e.StoredSize > 100);
        using var container = CliHarness.ContainerFor(demo.Environment);
        var original = (await container.GetPropertiesAsync(victim.BlobName!, CancellationToken.None))!;
        byte[] bytes;
        await using (var stream = await container.OpenReadAsync(victim.BlobName!, null, null, CancellationToken.None))
        using (var copy = new MemoryStream())
        {
            await stream.CopyToAsync(copy);
            bytes = copy.ToArray();
        }

        var tampered = bytes.ToArray();
        tampered[^1] ^= 0x5A;
        var keepMetadata = new BlobUploadOptions { Metadata = original.Metadata.ToDictionary() };
        await container.UploadAsync(victim.BlobName!, tampered, keepMetadata, CancellationToken.None);
        try
        {
            var verify = await CliHarness.InvokeAsync(demo.Environment, "verify", "--run", "latest");
            var restore = await CliHarness.InvokeAsync(demo.Environment, "restore", "--run", "latest", "--to", scratch);

            Assert.Equal(2, verify.ExitCode);
            Assert.Contains("HashDiffers", verify.Output, StringComparison.Ordinal);
            Assert.Contains(victim.Path, verify.Output, StringComparison.Ordinal);
            Assert.Equal(2, restore.ExitCode);
            Assert.Contains(victim.Path, restore.Output, StringComparison.Ordinal);
            Assert.False(File.Exists(Path.Combine(scratch, victim.Place!)));
        }
        finally
        {
            await container.UploadAsync(victim.BlobName!, bytes, keepMetadata, CancellationToken.None);
        }
    }

    [Fact]
    public async Task RunsJson_AfterDemoRun_ListsTheRunWithItsSummary()
    {
        var result = await CliHarness.InvokeAsync(demo.Environment, "runs", "--json", "--top", "5");

        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        var run = json.RootElement.GetProperty("runs").EnumerateArray().Single(r => r.GetProperty("runId").GetString() == demo.Manifest.Summary.RunId);
        Assert.Equal(demo.Manifest.Summary.Copied, run.GetProperty("summary").GetProperty("copied").GetInt64());
    }

    [Fact]
    public async Task RunDemoJson_SecondRun_ExitsZeroWithEveryFileUnchanged()
    {
        var runId = "second-" + Guid.NewGuid().ToString("N")[..8];

        var result = await CliHarness.InvokeAsync(demo.Environment, "run", "--demo", "--json", "--run-id", runId);

        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        var root = json.RootElement;
        Assert.Equal(runId, root.GetProperty("runId").GetString());
        Assert.EndsWith($"/$acc-backup/runs/{runId}/manifest.json", root.GetProperty("manifestUri").GetString(), StringComparison.Ordinal);
        var summary = root.GetProperty("summary");
        Assert.Equal(0, summary.GetProperty("copied").GetInt64());
        Assert.Equal(demo.Manifest.Summary.Copied, summary.GetProperty("unchanged").GetInt64());
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    private (ManifestEntry Entry, string Local) WriteLocalFile(string text)
    {
        var entry = demo.Manifest.Files.First(e => e.Status == ManifestStatus.Copied && e.StoredSize > 100);
        var local = Path.Combine(scratch, entry.Place!);
        Directory.CreateDirectory(Path.GetDirectoryName(local)!);
        File.WriteAllText(local, text);
        return (entry, local);
    }
}
