using System.Security.Cryptography;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Restore;
using AccBackup.Retention;
using AccBackup.Storage;
using AccBackup.Testing;
using AccBackup.Tests.Storage;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.Logging.Abstractions;

namespace AccBackup.Tests.Retention;

/// <summary>A backup container and its state container on Azurite, runs written into them by hand (blobs created once under
/// the write-once guard, a manifest by <see cref="ManifestWriter"/>, run records in the state container), and a pruner.</summary>
internal sealed class PruneStore : IDisposable
{
    private readonly BlobStorageOptions options;
    private readonly Dictionary<string, byte[]> content = new(StringComparer.Ordinal);

    private PruneStore(BlobStorageOptions options)
    {
        this.options = options;
        Backup = BlobContainer.ForBackup(options, NullLogger<BlobContainer>.Instance);
        State = BlobContainer.ForState(options, NullLogger<BlobContainer>.Instance);
        Reader = new ManifestReader(Backup, State);
    }

    /// <summary>The backup container's client as backups have it: write-once.</summary>
    public BlobContainer Backup { get; }

    public BlobContainer State { get; }

    public ManifestReader Reader { get; }

    public static async Task<PruneStore> CreateAsync()
    {
        var store = new PruneStore(AzuriteContainerFixture.OptionsFor(await AzuriteServer.GetAsync(), AzuriteContainerFixture.NewContainerName()));
        await store.Backup.CreateIfNotExistsAsync(CancellationToken.None);
        await store.State.CreateIfNotExistsAsync(CancellationToken.None);
        return store;
    }

    /// <summary>A run started at <paramref name="startedAt"/> holding <paramref name="files"/> (blob name → content seed): a blob
    /// already stored by an earlier run is referenced again, not written; the latest pointer moves to it.</summary>
    public async Task WriteRunAsync(string runId, DateTimeOffset startedAt, params (string Blob, int Seed)[] files)
    {
        var entries = new List<ManifestEntry>();
        foreach (var (blob, seed) in files)
        {
            var bytes = AzuriteContainerFixture.RandomBytes(1_000 + seed, seed);
            if (content.TryAdd(blob, bytes))
            {
                await Backup.UploadAsync(blob, bytes, new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);
            }

            var sha256 = Convert.ToHexStringLower(SHA256.HashData(content[blob]));
            entries.Add(new ManifestEntry("b.p", "P", "P/" + blob, "item-" + blob, "v-" + blob, 1, content[blob].Length, content[blob].Length, sha256, blob, ManifestStatus.Copied, null)
            {
                Place = "P/" + blob,
            });
        }

        var summary = new ManifestSummaryBuilder(runId, startedAt);
        entries.ForEach(summary.Add);
        await State.UploadAsync(RunLayout.InventoryChunk(runId, "p", 0), "{}\n"u8.ToArray(), null, CancellationToken.None);
        await new ManifestWriter(Backup, State).WriteAsync(summary.Build(startedAt.AddMinutes(1)), () => entries.ToAsyncEnumerable(), CancellationToken.None);
    }

    /// <summary>An ACC Issues snapshot of one project in <paramref name="runId"/> with one issue whose attachment is <paramref name="attachmentBlob"/>.</summary>
    public async Task WriteIssueSnapshotAsync(string runId, string attachmentBlob)
    {
        using var issue = System.Text.Json.JsonDocument.Parse("""{"id":"issue-1","displayId":1}""");
        using var attachment = System.Text.Json.JsonDocument.Parse("""{"attachmentId":"a1","fileName":"photo.jpg"}""");
        const string Project = "b.0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11";
        var snapshot = new AccBackup.Issues.Snapshots.IssueSnapshot(Project, "P", runId, DateTimeOffset.UtcNow, null, null,
            new AccBackup.Issues.Snapshots.IssueSettingsRecord([], [], [], []),
            [new AccBackup.Issues.Snapshots.IssueRecord(issue.RootElement.Clone(), [], [new AccBackup.Issues.Snapshots.StoredAttachment(attachment.RootElement.Clone(), attachmentBlob, 10, new string('0', 64), null)])]);
        var json = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(snapshot, AccBackup.Issues.Snapshots.IssueJsonContext.Default.IssueSnapshot);
        await Backup.UploadAsync(AccBackup.Issues.Snapshots.IssueLayout.Snapshot(runId, Project), json, new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);
    }

    /// <summary>An RFI snapshot of one project in <paramref name="runId"/> with one RFI whose attachment is stored in <paramref name="attachmentBlob"/>:
    /// its own blob, or with <paramref name="referencedVersion"/> a Docs file version's blob the file backup stored.</summary>
    public async Task WriteRfiSnapshotAsync(string runId, string attachmentBlob, string? referencedVersion = null)
    {
        using var rfi = System.Text.Json.JsonDocument.Parse("""{"id":"rfi-1","customIdentifier":"001"}""");
        using var attachment = System.Text.Json.JsonDocument.Parse("""{"attachmentId":"a1","fileName":"sketch.pdf"}""");
        const string Project = "b.0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11";
        var snapshot = new AccBackup.Modules.Rfis.RfiSnapshot(Project, "P", runId, DateTimeOffset.UtcNow, DateTimeOffset.UtcNow, null, null,
            [new AccBackup.Modules.Rfis.RfiRecord(rfi.RootElement.Clone(), [],
                [new AccBackup.Modules.Rfis.RfiAttachmentRecord(attachment.RootElement.Clone(), new AccBackup.Modules.StoredModuleFile(attachmentBlob, 10, new string('0', 64)), null)
                {
                    ReferencedVersion = referencedVersion,
                }])]);
        var json = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(snapshot, AccBackup.Modules.Rfis.RfiJsonContext.Default.RfiSnapshot);
        await Backup.UploadAsync(AccBackup.Modules.Rfis.RfiLayout.Snapshot(runId, Project), json, new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);
    }

    /// <summary>A form snapshot of one project in <paramref name="runId"/> with one PDF form whose PDF is stored in <paramref name="pdfBlob"/>.</summary>
    public async Task WriteFormSnapshotAsync(string runId, string pdfBlob)
    {
        using var form = System.Text.Json.JsonDocument.Parse("""{"id":"form-1","formNum":1,"pdfFile":{"id":"f1","fileName":"permit.pdf"}}""");
        const string Project = "b.0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11";
        var snapshot = new AccBackup.Modules.Forms.FormSnapshot(Project, "P", runId, DateTimeOffset.UtcNow, DateTimeOffset.UtcNow, null, null, [],
            [new AccBackup.Modules.Forms.FormRecord(form.RootElement.Clone(), [], [], [], new AccBackup.Modules.StoredModuleFile(pdfBlob, 10, new string('0', 64)), null)]);
        var json = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(snapshot, AccBackup.Modules.Forms.FormJsonContext.Default.FormSnapshot);
        await Backup.UploadAsync(AccBackup.Modules.Forms.FormLayout.Snapshot(runId, Project), json, new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);
    }

    /// <summary>A form snapshot of one project in <paramref name="runId"/> with no form and one PDF template whose blank PDF is stored in
    /// <paramref name="templatePdfBlob"/>.</summary>
    public async Task WriteFormTemplateSnapshotAsync(string runId, string templatePdfBlob)
    {
        using var template = System.Text.Json.JsonDocument.Parse("""{"id":"template-1","name":"Permit to Work","pdfUrl":"https://example.invalid/blank.pdf"}""");
        const string Project = "b.0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11";
        var snapshot = new AccBackup.Modules.Forms.FormSnapshot(Project, "P", runId, DateTimeOffset.UtcNow, DateTimeOffset.UtcNow, null, null,
            [new AccBackup.Modules.Forms.FormTemplateRecord(template.RootElement.Clone(), new AccBackup.Modules.StoredModuleFile(templatePdfBlob, 10, new string('0', 64)), null)], []);
        var json = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(snapshot, AccBackup.Modules.Forms.FormJsonContext.Default.FormSnapshot);
        await Backup.UploadAsync(AccBackup.Modules.Forms.FormLayout.Snapshot(runId, Project), json, new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);
    }

    /// <summary>A Photos snapshot of one project in <paramref name="runId"/> with one photo whose bytes are stored in <paramref name="photoBlob"/>.</summary>
    public async Task WritePhotoSnapshotAsync(string runId, string photoBlob)
    {
        using var photo = System.Text.Json.JsonDocument.Parse("""{"id":"p-1","title":"IMG_0001.jpg"}""");
        const string Project = "b.0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11";
        var snapshot = new AccBackup.Modules.Photos.PhotoSnapshot(Project, "P", runId, DateTimeOffset.UtcNow, null, "token", "full",
            [new AccBackup.Modules.Photos.PhotoRecord(photo.RootElement.Clone(), new AccBackup.Modules.StoredModuleFile(photoBlob, 10, new string('0', 64)), null)], []);
        var json = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(snapshot, AccBackup.Modules.Photos.PhotoJsonContext.Default.PhotoSnapshot);
        await Backup.UploadAsync(AccBackup.Modules.Photos.PhotoLayout.Snapshot(runId, Project), json, new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);
    }

    /// <summary>A blob no run references (a backup running now, or one that stopped before its manifest, wrote it).</summary>
    public Task UploadUnreferencedAsync(string blob) =>
        Backup.UploadAsync(blob, new byte[10], new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);

    /// <summary>Working records of <paramref name="runId"/> in the state container, as a run writes them before its manifest.</summary>
    public async Task WriteRecordsAsync(string runId)
    {
        await State.UploadAsync(RunLayout.InventoryChunk(runId, "p", 0), "{}\n"u8.ToArray(), null, CancellationToken.None);
        await State.UploadAsync(RunLayout.FolderState(runId, "p"), "{}\n"u8.ToArray(), null, CancellationToken.None);
    }

    /// <summary>A pruner whose delete-capable client reaches Azurite through <paramref name="handler"/> (sockets when null), on
    /// <paramref name="time"/> (the system clock when null).</summary>
    public (RunPruner Pruner, IDisposable Client) Pruner(HttpMessageHandler? handler = null, TimeProvider? time = null)
    {
        var deletable = handler is null
            ? BlobContainer.ForPrune(options, NullLogger<BlobContainer>.Instance)
            : new BlobContainer(options, handler, BlobRetrySettings.Default, NullLogger<BlobContainer>.Instance);
        return (new RunPruner(new RunHistory(Backup, Reader), Reader, deletable, State, time ?? TimeProvider.System, NullLogger<RunPruner>.Instance), deletable);
    }

    public async Task<PruneReport> PruneAsync(
        RetentionPolicy policy, bool dryRun = false, HttpMessageHandler? handler = null, TimeProvider? time = null, CancellationToken cancellationToken = default)
    {
        var (pruner, client) = Pruner(handler, time);
        using (client)
        {
            return await pruner.PruneAsync(policy, dryRun, cancellationToken);
        }
    }

    /// <summary>Every blob name in <paramref name="container"/>.</summary>
    public static async Task<SortedSet<string>> NamesAsync(BlobContainer container)
    {
        var names = new SortedSet<string>(StringComparer.Ordinal);
        await foreach (var blob in container.ListAsync(null, CancellationToken.None))
        {
            names.Add(blob.Name);
        }

        return names;
    }

    /// <summary>Restores <paramref name="runId"/> in full into a new folder: the report, each file SHA-256 checked.</summary>
    public async Task<RestoreReport> RestoreAsync(string runId)
    {
        var target = Directory.CreateTempSubdirectory("acc-backup-prune-").FullName;
        try
        {
            return await new RunRestorer(Backup, Reader).RestoreAsync(new RestoreRequest(runId, target), null, CancellationToken.None);
        }
        finally
        {
            Directory.Delete(target, recursive: true);
        }
    }

    public void Dispose()
    {
        Backup.Dispose();
        State.Dispose();
    }
}
