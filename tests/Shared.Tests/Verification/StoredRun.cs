using System.Security.Cryptography;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using AccBackup.Tests.Storage;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Tests.Verification;

/// <summary>A backup run made by hand: blobs uploaded with the copy engine's metadata, and a manifest written by <see cref="ManifestWriter"/>.</summary>
internal sealed class StoredRun
{
    private static readonly DateTimeOffset Start = new(2026, 11, 22, 2, 0, 0, TimeSpan.Zero);
    private readonly List<ManifestEntry> entries = [];

    private StoredRun(BlobContainer container, string runId)
    {
        Container = container;
        RunId = runId;
        Project = "P-" + Guid.NewGuid().ToString("N")[..8];
    }

    public BlobContainer Container { get; }

    public string RunId { get; }

    /// <summary>A project name no other test uses, so blob names never collide within a container.</summary>
    public string Project { get; }

    public IReadOnlyList<ManifestEntry> Entries => entries;

    public Dictionary<string, byte[]> Content { get; } = new(StringComparer.Ordinal);

    public static StoredRun Create(BlobContainer container) => new(container, "run-" + Guid.NewGuid().ToString("N")[..12]);

    /// <summary>Uploads <paramref name="size"/> seeded bytes under {project}/{relativePath} and records a copied entry.</summary>
    public async Task<ManifestEntry> AddStoredAsync(string relativePath, int size, int seed, string? projectName = null)
    {
        var project = projectName ?? Project;
        var blobName = $"{project}/{relativePath}";
        var bytes = AzuriteContainerFixture.RandomBytes(size, seed);
        var sha256 = Convert.ToHexStringLower(SHA256.HashData(bytes));
        var versionId = $"urn:adsk.wipprod:fs.file:vf.{seed}?version=1";
        var request = new FileCopyRequest(
            "b." + project, "urn:item:" + seed, versionId, 1, size, new AccBackup.Acc.OssObject("wip.dm.prod", "key-" + seed), blobName, blobName, null);
        await Container.UploadAsync(blobName, bytes, new BlobUploadOptions { Metadata = StoredVersion.Metadata(request, size, sha256, Start) }, CancellationToken.None);
        Content[blobName] = bytes;
        return Add(new ManifestEntry(request.ProjectId, project, blobName, request.ItemId, versionId, 1, size, size, sha256, blobName, ManifestStatus.Copied, null));
    }

    /// <summary>Records entry <paramref name="index"/> as a server-side copy: no SHA-256, verified by size only.</summary>
    public ManifestEntry MarkSizeOnly(int index)
    {
        entries[index] = entries[index] with { Sha256 = null, Verification = ManifestEntry.SizeOnlyVerification, Transfer = "server" };
        return entries[index];
    }

    public ManifestEntry Add(ManifestEntry entry)
    {
        entries.Add(entry);
        return entry;
    }

    /// <summary>Writes the manifest (and moves the latest pointer to it).</summary>
    public async Task WriteManifestAsync()
    {
        var summary = new ManifestSummaryBuilder(RunId, Start);
        foreach (var entry in entries)
        {
            summary.Add(entry);
        }

        await new ManifestWriter(Container, Container).WriteAsync(summary.Build(Start.AddSeconds(10)), () => entries.ToAsyncEnumerable(), CancellationToken.None);
    }
}
