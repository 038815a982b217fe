using System.Diagnostics;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Xunit.Abstractions;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>A run killed hard mid-copy and started again with the same id ends as a clean run would, fetching only what was not stored.</summary>
/// <remarks>Real processes: the built tool as a child process, the emulator in this one (bandwidth-capped so the copy takes
/// seconds), Azurite from <see cref="Testing.AzuriteServer"/>.</remarks>
[Trait("Category", "Slow")]
public sealed class KillAndResumeTests(ITestOutputHelper output)
{
    private const string RunId = "resume-1";

    // The demo account holds about 4.1 MB: at 1 MB/s its copy takes about four seconds, long enough to be killed midway.
    private const long BytesPerSecond = 1_000_000;

    [Fact]
    public async Task Run_KilledMidCopyThenSameRunIdAgain_EndsWithCleanRunsManifestFetchingOnlyFilesNotStored()
    {
        using var limit = new CancellationTokenSource(Testing.TestWaits.Run);
        var ct = limit.Token;
        var capped = new FaultOptions { Bandwidth = new BandwidthLimits { TotalBytesPerSecond = BytesPerSecond } };
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Faults = capped, Quotas = QuotaOptions.Disabled }, ct);
        var truth = await emulator.Truth.GetFilesAsync(TruthHashing.All, ct);
        var withContent = truth.Where(f => f.HasStorage).ToList();
        var totalBytes = withContent.Sum(f => f.ServedLength!.Value);
        var environment = await EnvironmentAsync(emulator);
        using var container = CliHarness.ContainerFor(environment);

        // Killed once 40 % of the bytes are served (the emulator's own count: no I/O while polling): files are
        // committed, others in flight, the run seconds from its end at this bandwidth.
        var clock = Stopwatch.StartNew();
        using (var killed = CliChildProcess.Start(environment, "run", "--run-id", RunId, "--json"))
        {
            while (emulator.GetStats().ContentBytesServed < totalBytes * 2 / 5)
            {
                if (killed.HasExited)
                {
                    Assert.Fail($"the run ended before it could be killed:\n{await killed.WaitAsync(ct)}");
                }

                await Task.Delay(20, ct);
            }

            await killed.KillAsync(ct);
        }

        var killedAfter = clock.Elapsed;
        await Task.Delay(500, ct); // requests the storage and the emulator had already received settle first
        var atKill = await StoredAsync(container, ct);
        var killedRun = emulator.GetStats();
        Assert.Null(await container.GetPropertiesAsync(RunLayout.Json(RunId), ct));
        emulator.ResetStats();

        clock.Restart();
        var resumed = await CliChildProcess.RunAsync(environment, ct, "run", "--run-id", RunId, "--json");
        var resumedIn = clock.Elapsed;
        var resumedRun = emulator.GetStats();

        emulator.Faults = FaultOptions.None;
        var cleanEnvironment = new Dictionary<string, string?>(environment) { ["BackupStorage__ContainerName"] = CliHarness.NewContainerName() };
        clock.Restart();
        var clean = await CliChildProcess.RunAsync(cleanEnvironment, ct, "run", "--run-id", "clean-1", "--json");
        var cleanIn = clock.Elapsed;

        Assert.True(resumed.ExitCode == 0, resumed.ToString());
        Assert.True(clean.ExitCode == 0, clean.ToString());
        var manifest = await new ManifestReader(container, container).ReadAsync(RunId, ct);
        using var cleanContainer = CliHarness.ContainerFor(cleanEnvironment);
        var reference = (await new ManifestReader(cleanContainer, cleanContainer).ReadAsync("clean-1", ct)).Files.ToDictionary(e => e.ItemId);
        var byItem = truth.ToDictionary(f => f.ItemId);
        Assert.Equal(truth.Count, manifest.Files.Count);
        Assert.Equal(manifest.Files.Count, manifest.Files.Select(e => e.Path).Distinct(StringComparer.Ordinal).Count());
        Assert.Equal(manifest.Files.Count, manifest.Files.Select(e => e.ItemId).Distinct(StringComparer.Ordinal).Count());
        foreach (var entry in manifest.Files)
        {
            var clean1 = reference[entry.ItemId];
            Assert.Equal(Comparable(clean1), Comparable(entry));
            Assert.True(byItem[entry.ItemId].Sha256 == entry.Sha256, $"{entry.Path}: SHA-256 {entry.Sha256} differs from the emulator's");
        }

        var verify = await CliHarness.InvokeAsync(environment, "verify", "--run", RunId, "--json");
        Assert.True(verify.ExitCode == 0, verify.ToString());
        using (var verified = JsonDocument.Parse(verify.Output))
        {
            Assert.Equal(withContent.Count, verified.RootElement.GetProperty("checked").GetInt32());
        }

        // The resumed run fetched only files the killed run had not committed: no signed URL and no byte for a stored one.
        var notStoredFiles = withContent.Count - atKill.Files;
        var notStoredBytes = totalBytes - atKill.Bytes;
        var inFlightFiles = killedRun.Count(EndpointCategory.Oss) - atKill.Files; // signed URL asked for, not committed
        var inFlightBytes = killedRun.ContentBytesServed - atKill.Bytes;
        var refetchedFiles = killedRun.Count(EndpointCategory.Download) + resumedRun.Count(EndpointCategory.Download) - withContent.Count;
        var refetchedBytes = killedRun.ContentBytesServed + resumedRun.ContentBytesServed - totalBytes;
        output.WriteLine(
            $"demo account: {withContent.Count} files with content, {totalBytes:N0} B, served at {BytesPerSecond:N0} B/s.\n" +
            $"killed after {killedAfter.TotalSeconds:F1} s: {atKill.Files} files stored ({atKill.Bytes:N0} B); {inFlightFiles} files in flight, " +
            $"{inFlightBytes:N0} B of them received and lost.\n" +
            $"resumed run: {resumedIn.TotalSeconds:F1} s, exit {resumed.ExitCode}; fetched {resumedRun.Count(EndpointCategory.Download)} files / " +
            $"{resumedRun.ContentBytesServed:N0} B (not stored at the kill: {notStoredFiles} files / {notStoredBytes:N0} B), " +
            $"{resumedRun.Count(EndpointCategory.Oss)} signed URLs; manifest {manifest.Summary.Copied} copied, {manifest.Summary.Unchanged} unchanged.\n" +
            $"re-downloaded (fetched by both runs): {refetchedFiles} files / {refetchedBytes:N0} B, vs {inFlightFiles} files in flight at the kill " +
            $"with {inFlightBytes:N0} B received.\n" +
            $"clean run into another container (no cap): {cleanIn.TotalSeconds:F1} s; manifests equal for all {manifest.Files.Count} files.");
        Assert.InRange(resumedRun.Count(EndpointCategory.Download), 0, notStoredFiles);
        Assert.InRange(resumedRun.Count(EndpointCategory.Oss), 0, notStoredFiles);
        Assert.InRange(resumedRun.ContentBytesServed, 0, notStoredBytes);
        Assert.InRange(refetchedFiles, 0, inFlightFiles);
        Assert.InRange(refetchedBytes, 0, inFlightBytes);
    }

    /// <summary>What two runs of the same account must agree on; copied now or already stored both mean stored.</summary>
    private static object Comparable(ManifestEntry e) => new
    {
        e.ProjectId, e.Path, e.BlobName, e.VersionId, e.VersionNumber, e.ApiSize, e.StoredSize, e.Sha256, e.Error,
        Status = e.Status is ManifestStatus.Copied or ManifestStatus.Unchanged ? "stored" : e.Status.ToString(),
    };

    private static async Task<Dictionary<string, string?>> EnvironmentAsync(EmulatorServer emulator)
    {
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator); // bandwidth, not the OSS quota's pacing, sets the copy's pace
        environment["Backup__Modules"] = "files"; // the downloads counted are the files' (a Sheets PDF is a signed download too)
        return environment;
    }

    /// <summary>The backed-up files committed in the container now (the tool's own records excluded).</summary>
    private static async Task<(int Files, long Bytes)> StoredAsync(BlobContainer container, CancellationToken cancellationToken)
    {
        var (files, bytes) = (0, 0L);
        await foreach (var blob in container.ListAsync(null, cancellationToken))
        {
            if (!blob.Name.StartsWith(AccBackup.Storage.BlobNames.ReservedPrefix + "/", StringComparison.Ordinal))
            {
                (files, bytes) = (files + 1, bytes + blob.Length);
            }
        }

        return (files, bytes);
    }
}
