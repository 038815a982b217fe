using System.Security.Cryptography;
using AccBackup.Manifest;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Quotas;
using Azure.Storage.Blobs;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>The nightly proof through <c>acc-backup run</c>: a blob deleted or changed behind the backup's back (through a raw
/// storage client, which the app's write-once guard does not stand in front of) is found by the next night, stored again from
/// the emulator and reported, and the backup verifies again.</summary>
public sealed class StoredBlobProofTests
{
    [Fact]
    public async Task Run_StoredBlobDeletedBehindTheBackupsBack_NextNightFindsItStoresItAgainAndExitsTwo()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await EnvironmentAsync(emulator);
        Assert.Equal(0, (await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1")).ExitCode);
        var victim = await VictimAsync(environment, "night-1");
        var blob = await RawBlobAsync(environment, victim.BlobName!);
        await blob.DeleteAsync();

        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 2, night2.ToString());
        var summary = (await ManifestAsync(environment, "night-2")).Summary;
        var proof = Assert.IsType<ProofSummary>(summary.Proof);
        Assert.Equal((1L, 0L, 1L), (proof.Missing, proof.Damaged, proof.Restored));
        Assert.Equal(proof.Blobs, proof.Checked); // Backup:ProveAllWithinDays = 1: tonight's slice is everything
        Assert.Equal(proof.Checked - 1, proof.Proven);
        var finding = Assert.Single(proof.Findings);
        Assert.Equal((victim.BlobName, ProofFinding.Missing, victim.BlobName), (finding.BlobName, finding.Problem, finding.RestoredTo));
        Assert.Equal("CompletedWithErrors", summary.Status);
        Assert.Contains("Stored blobs not as the backup stored them", night2.Output, StringComparison.Ordinal);
        Assert.Equal(victim.Sha256, await Sha256Async(blob));
        Assert.Equal(0, (await CliHarness.InvokeAsync(environment, "verify", "--run", "night-2")).ExitCode);
    }

    [Fact]
    public async Task Run_StoredBlobDamagedBehindTheBackupsBack_NextNightStoresTheVersionUnderANewNameTheManifestNames()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await EnvironmentAsync(emulator);
        Assert.Equal(0, (await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1")).ExitCode);
        var victim = await VictimAsync(environment, "night-1");
        var blob = await RawBlobAsync(environment, victim.BlobName!);
        // Bit rot, or a careless tool: the same length and metadata, other bytes. Only a full read finds it.
        var metadata = (await blob.GetPropertiesAsync()).Value.Metadata;
        await blob.UploadAsync(new BinaryData(new byte[victim.StoredSize!.Value]), new BlobUploadOptions { Metadata = metadata });
        Assert.Equal(2, (await CliHarness.InvokeAsync(environment, "verify", "--run", "night-1")).ExitCode);

        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 2, night2.ToString());
        var manifest = await ManifestAsync(environment, "night-2");
        var proof = Assert.IsType<ProofSummary>(manifest.Summary.Proof);
        Assert.Equal((0L, 1L, 1L), (proof.Missing, proof.Damaged, proof.Restored));
        var finding = Assert.Single(proof.Findings);
        Assert.Equal(ProofFinding.Damaged, finding.Problem);
        Assert.NotEqual(victim.BlobName, finding.RestoredTo);
        var entry = manifest.Files.Single(f => f.ItemId == victim.ItemId && !f.EarlierVersion);
        Assert.Equal((finding.RestoredTo, victim.Sha256, victim.StoredSize), (entry.BlobName, entry.Sha256, entry.StoredSize));
        Assert.Equal(victim.Sha256, await Sha256Async(await RawBlobAsync(environment, finding.RestoredTo!)));
        Assert.Equal(0, (await CliHarness.InvokeAsync(environment, "verify", "--run", "night-2")).ExitCode);

        // The night after carries the file from night 2's manifest: the restored blob, proven, nothing found.
        var night3 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-3");
        Assert.True(night3.ExitCode == 0, night3.ToString());
        var after = await ManifestAsync(environment, "night-3");
        Assert.Equal(finding.RestoredTo, after.Files.Single(f => f.ItemId == victim.ItemId && !f.EarlierVersion).BlobName);
        Assert.Equal((0L, 0L), (after.Summary.Proof!.Missing, after.Summary.Proof.Damaged));
    }

    private static async Task<Dictionary<string, string?>> EnvironmentAsync(EmulatorServer emulator)
    {
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Backup__ProveAllWithinDays"] = "1";
        return environment;
    }

    /// <summary>A file night 1 stored and hashed, the first by blob name.</summary>
    private static async Task<ManifestEntry> VictimAsync(Dictionary<string, string?> environment, string runId) =>
        (await ManifestAsync(environment, runId)).Files.Where(f => f.Status == ManifestStatus.Copied && !string.IsNullOrEmpty(f.Sha256) && f.StoredSize > 0)
            .OrderBy(f => f.BlobName, StringComparer.Ordinal).First();

    private static async Task<RunManifest> ManifestAsync(Dictionary<string, string?> environment, string runId)
    {
        var (reader, clients) = CliHarness.ReaderFor(environment);
        using (clients)
        {
            return await reader.ReadAsync(runId, CancellationToken.None);
        }
    }

    /// <summary>The blob through a client of its own: no write-once guard between the test and the container.</summary>
    private static async Task<BlobClient> RawBlobAsync(Dictionary<string, string?> environment, string blobName) =>
        new BlobContainerClient((await AzuriteServer.GetAsync()).ConnectionString, environment["BackupStorage__ContainerName"]).GetBlobClient(blobName);

    private static async Task<string> Sha256Async(BlobClient blob)
    {
        await using var stream = await blob.OpenReadAsync();
        return Convert.ToHexStringLower(await SHA256.HashDataAsync(stream));
    }
}
