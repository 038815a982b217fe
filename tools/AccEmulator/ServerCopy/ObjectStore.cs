using System.Collections.Concurrent;
using AccEmulator.Accounts;
using Azure;
using Azure.Storage;
using Azure.Storage.Blobs;
using Azure.Storage.Blobs.Models;
using Azure.Storage.Sas;

namespace AccEmulator.ServerCopy;

/// <summary>The emulator's objects as blobs of a real blob service, each uploaded once, handed out as read-only SAS URLs.</summary>
/// <remarks>
/// A blob is named by its content key and length, which fix every byte: emulators sharing one container (same or other
/// seed) never disagree about a blob, and a mutated file's new object is a new blob.
/// </remarks>
internal sealed class ObjectStore
{
    private readonly BlobContainerClient container;
    private readonly ConcurrentDictionary<string, Lazy<Task>> uploads = new(StringComparer.Ordinal);
    private long uploadedBytes;

    public ObjectStore(ServerCopyOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        container = new BlobServiceClient(options.ConnectionString).GetBlobContainerClient(options.Container);
        if (!container.CanGenerateSasUri)
        {
            throw new ArgumentException("The server-copy connection string must carry an account key: it signs the SAS URLs.", nameof(options));
        }
    }

    /// <summary>Bytes uploaded to the blob service so far (each object once).</summary>
    public long UploadedBytes => Interlocked.Read(ref uploadedBytes);

    /// <summary>A read-only SAS URL of <paramref name="storage"/>'s blob valid until <paramref name="expiresOn"/>, uploading it first if needed.</summary>
    public async Task<Uri> GetSignedUrlAsync(StorageObject storage, DateTimeOffset expiresOn, CancellationToken cancellationToken)
    {
        await EnsureUploadedAsync(storage).WaitAsync(cancellationToken).ConfigureAwait(false);
        return container.GetBlobClient(BlobName(storage)).GenerateSasUri(BlobSasPermissions.Read, expiresOn);
    }

    /// <summary>Uploads every object not uploaded yet, a few at a time.</summary>
    public Task UploadAllAsync(IEnumerable<StorageObject> objects, CancellationToken cancellationToken) =>
        Parallel.ForEachAsync(objects, new ParallelOptions { MaxDegreeOfParallelism = 4, CancellationToken = cancellationToken },
            async (storage, token) => await EnsureUploadedAsync(storage).WaitAsync(token).ConfigureAwait(false));

    // One upload per object however many requests ask at once; a failed one is forgotten, so the next request retries it.
    private Task EnsureUploadedAsync(StorageObject storage)
    {
        var name = BlobName(storage);
        var upload = uploads.GetOrAdd(name, _ => new Lazy<Task>(() => UploadAsync(storage, name)));
        return ForgetOnFailure(name, upload);
    }

    private async Task ForgetOnFailure(string name, Lazy<Task> upload)
    {
        try
        {
            await upload.Value.ConfigureAwait(false);
        }
        catch
        {
            uploads.TryRemove(new KeyValuePair<string, Lazy<Task>>(name, upload));
            throw;
        }
    }

    // Not tied to the asking request: a client giving up must not leave the next one a half-finished upload to redo.
    private async Task UploadAsync(StorageObject storage, string name)
    {
        // Once per object, not once per store: a container that could not be created is tried again with the next upload.
        await container.CreateIfNotExistsAsync().ConfigureAwait(false);
        var options = new BlobUploadOptions
        {
            Conditions = new BlobRequestConditions { IfNoneMatch = ETag.All },
            TransferOptions = new StorageTransferOptions { InitialTransferSize = 8 << 20, MaximumTransferSize = 8 << 20, MaximumConcurrency = 4 },
        };
        try
        {
            await using var content = new GeneratedContentStream(storage);
            await container.GetBlobClient(name).UploadAsync(content, options).ConfigureAwait(false);
            Interlocked.Add(ref uploadedBytes, storage.Length);
        }
        catch (RequestFailedException e) when (e.Status is 409 or 412)
        {
            // Already there: another emulator (or an earlier start) uploaded the same bytes.
        }
    }

    private static string BlobName(StorageObject storage) => $"{storage.ContentKey:x16}-{storage.Length}";
}
