using System.Diagnostics;
using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Bench.Hosting;
using AccBackup.Bench.Scenarios;
using AccBackup.Runs;

namespace AccBackup.Bench.Variants;

/// <summary>The seed-parallel-8 variant: the seed's copier over the whole account.</summary>
internal static class SeedParallel
{
    /// <summary>The seed copier on the host's services (APS client with its shared rate limiter, blob client, download client).</summary>
    public static SeedCopier CopierFor(EngineHost host) => new(
        host.Get<ProjectLister>(),
        host.Get<FolderListing>(),
        host.Get<ApsOssClient>(),
        host.Container,
        host.Get<IHttpClientFactory>().CreateClient(BlobCopier.DownloadClientName));

    /// <summary>Lists everything, then copies every file with storage, <see cref="BenchSettings.SeedParallelism"/> at a time.</summary>
    public static async Task<VariantOutcome> RunAsync(SeedCopier copier, CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var files = await copier.ListAsync(cancellationToken);
        var listing = clock.Elapsed;
        var requests = files.Select(f => f.ToCopyRequest()).OfType<FileCopyRequest>().ToList();
        var copied = await copier.CopyAsync(requests, BenchSettings.SeedParallelism, cancellationToken);
        var note = $"listing {listing.TotalSeconds:F1} s (depth first, one folder at a time), then copying {(clock.Elapsed - listing).TotalSeconds:F1} s";
        return new VariantOutcome(files.Count, copied.Copied, 0, copied.Failed, Note: note);
    }
}
