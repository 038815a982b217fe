using System.Collections.Concurrent;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Runs;

/// <summary>Sends every request on to the real service and counts, by blob name, the blob reads (GET of a blob) and the
/// looks (HEAD: Get Blob Properties).</summary>
public sealed class BlobReadCounter() : DelegatingHandler(new SocketsHttpHandler())
{
    private readonly ConcurrentDictionary<string, int> reads = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, int> looks = new(StringComparer.Ordinal);

    /// <summary>How many times <paramref name="blobName"/> was read.</summary>
    public int ReadsOf(string blobName) => reads.GetValueOrDefault(blobName);

    /// <summary>How many times <paramref name="blobName"/>'s properties were asked for (whether it exists).</summary>
    public int LooksAt(string blobName) => looks.GetValueOrDefault(blobName);

    /// <summary>Every blob read so far, by name.</summary>
    public IReadOnlyDictionary<string, int> Reads => reads;

    /// <summary>Registers the backup container (write-once, as the product has it) and the state container, with the backup
    /// container's requests, and the state container's when <paramref name="countState"/>, passing this counter. Call it
    /// before the product's services: their TryAdd keeps these.</summary>
    public void RegisterContainers(IServiceCollection services, bool countState)
    {
        services.AddSingleton(sp => new BlobContainer(
            StorageOptions(sp), this, BlobRetrySettings.Default, sp.GetRequiredService<ILogger<BlobContainer>>(), writeOnce: true));
        services.AddKeyedSingleton(BlobContainer.StateKey, (sp, _) => new BlobContainer(
            StorageOptions(sp), countState ? this : null, BlobRetrySettings.Default, sp.GetRequiredService<ILogger<BlobContainer>>(), StorageOptions(sp).StateContainer));
    }

    private static BlobStorageOptions StorageOptions(IServiceProvider services) => services.GetRequiredService<IOptions<BlobStorageOptions>>().Value;

    /// <inheritdoc />
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        // Azurite's path is /{account}/{container}/{blob}; a listing (restype/comp query) is not a blob read.
        var counts = request.Method == HttpMethod.Get ? reads : request.Method == HttpMethod.Head ? looks : null;
        if (counts is not null && request.RequestUri is { } uri && !uri.Query.Contains("comp=", StringComparison.Ordinal))
        {
            var segments = uri.AbsolutePath.Split('/', 4, StringSplitOptions.None);
            if (segments.Length == 4)
            {
                counts.AddOrUpdate(Uri.UnescapeDataString(segments[3]), 1, (_, n) => n + 1);
            }
        }

        return base.SendAsync(request, cancellationToken);
    }
}
