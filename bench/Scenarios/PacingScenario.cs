using System.Diagnostics;
using System.Globalization;
using AccBackup.Acc;
using AccBackup.Bench.Reporting;
using AccEmulator;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// The client's APS pacing alone (issue 35): at each scale of the curve, the folder pages and signed URLs of the
/// seed-scaled account at that scale, asked for through the product's own clients (pacing, retries, HTTP) as fast as
/// they may, against the emulator's quotas (counted when a call arrives, after its jittered latency), time compressed k-fold.
/// </summary>
/// <remarks>
/// What it leaves out on purpose: the copy engine's own work (bytes, storage, the listing → copy hand-off), which
/// needs CPU the shared machine cannot always give at k = 10. Every call lists the same small folder or signs the
/// same object: to APS's quota one call is one call, and the demand never waits for anything but the pacing.
/// </remarks>
internal static class PacingScenario
{
    public const string Name = "pacing";

    // The seed-scaled account's folder pages and signed URLs at scale 1.0 (its scale-0.1 point: 1,174 pages, 3,913 URLs).
    private const int PagesAtScaleOne = 11_737;
    private const int SignedUrlsAtScaleOne = 39_130;

    // Callers per endpoint: more than a window's calls can be in flight at this latency, so only the pacing holds them back.
    private const int Callers = 64;

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, double scale, CancellationToken cancellationToken)
    {
        var k = settings.Compression;
        var options = new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Seed = BenchSettings.DatasetSeed, Faults = BenchSettings.Faults(k), Quotas = BenchSettings.Quotas(k) };
        var name = $"{Name}-scale-{scale.ToString(CultureInfo.InvariantCulture)}";
        await using var context = await ScenarioContext.StartAsync(name, options, k, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        await using var host = await context.PacedHostAsync("pacing", new Dictionary<string, string?>(), _ => { }, cancellationToken);
        var file = (await context.TruthAsync(cancellationToken)).First(f => f.HasStorage);
        var storage = OssObject.TryParse(file.StorageId!)!;
        var data = host.Get<ApsDataClient>();
        var oss = host.Get<ApsOssClient>();
        var (pages, urls) = ((int)Math.Round(PagesAtScaleOne * scale), (int)Math.Round(SignedUrlsAtScaleOne * scale));

        await data.GetFolderAsync(file.ProjectId, file.FolderId, cancellationToken); // token and connection, as a run's start has them
        context.Emulator.Quotas = BenchSettings.Quotas(k); // windows restart: the calls below start with the whole quota
        context.Emulator.ResetStats();
        var timeline = new WindowCounter(context.Emulator, BenchSettings.QuotaWindow(k));
        var clock = Stopwatch.StartNew();
        var listing = CallAsync(pages, clock, ct => data.ListFolderContentsAsync(file.ProjectId, file.FolderId, includeHidden: false, ct).CountAsync(ct).AsTask(), cancellationToken);
        var signing = CallAsync(urls, clock, ct => oss.GetSignedDownloadAsync(storage, ct), cancellationToken);
        using var sampling = new CancellationTokenSource();
        var sampler = timeline.SampleAsync(sampling.Token);
        var (listingSeconds, urlSeconds) = (await listing, await signing);
        await sampling.CancelAsync();
        await sampler;

        var stats = context.Emulator.GetStats();
        var model = Workloads.ModelOf(options.Quotas, clientPacing: true);
        var ideal = Math.Max(pages / (double)model.ContentsPerWindow, urls / (double)model.SignedUrlsPerWindow) * model.Window.TotalSeconds;
        var throttled = stats.Requests.Values.Sum(byStatus => byStatus.GetValueOrDefault(429));
        var figures = new PacingFigures(scale, pages, urls, ideal, listingSeconds, urlSeconds, throttled, timeline.Windows());
        var workload = new Workload(urls, urls, 0, pages, true, 0);
        var description = $"the calls of the seed-scaled account at scale {scale}: {pages} folder pages and {urls} signed URLs, {Callers} callers per endpoint through the product's ApsDataClient and ApsOssClient " +
            $"(client pacing on, product defaults), APS quotas per {model.Window.TotalSeconds:0.###} s window (k = {k}), latency and jitter ÷ k";
        var findings = new List<string>
        {
            F($"folder pages done at {listingSeconds:F1} s, signed URLs at {urlSeconds:F1} s; ideal {ideal:F1} s; ratio {figures.Ratio:F3}; 429s {throttled}; answered per window (pages/URLs): {string.Join(", ", figures.CallsPerWindow)}"),
        };
        return ScenarioReports.Create(name, description, scale, k, workload, model, [], findings) with { Pacing = figures };
    }

    // Makes `calls` calls with `Callers` callers; the seconds from the clock's start to the last response.
    private static async Task<double> CallAsync(int calls, Stopwatch clock, Func<CancellationToken, Task> call, CancellationToken cancellationToken)
    {
        var next = 0;
        var last = 0.0;
        await Task.WhenAll(Enumerable.Range(0, Callers).Select(async _ =>
        {
            while (Interlocked.Increment(ref next) <= calls)
            {
                await call(cancellationToken);
            }

            lock (clock)
            {
                last = Math.Max(last, clock.Elapsed.TotalSeconds);
            }
        }));
        return last;
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    /// <summary>Samples the emulator's answered folder pages and signed URLs every 100 ms and counts them per window from the first.</summary>
    private sealed class WindowCounter(EmulatorServer emulator, TimeSpan window)
    {
        private readonly List<(TimeSpan At, long Pages, long Urls)> samples = [];

        public async Task SampleAsync(CancellationToken cancellationToken)
        {
            var clock = Stopwatch.StartNew();
            while (!cancellationToken.IsCancellationRequested)
            {
                var stats = emulator.GetStats();
                samples.Add((clock.Elapsed, stats.Count(EndpointCategory.FolderContents, 200), stats.Count(EndpointCategory.Oss, 200)));
                await Task.Delay(100, CancellationToken.None);
            }
        }

        public List<string> Windows()
        {
            var windows = new List<string>();
            var (pages, urls) = (0L, 0L);
            for (var end = window; samples.Count > 0 && (pages, urls) != (samples[^1].Pages, samples[^1].Urls); end += window)
            {
                var last = samples.LastOrDefault(s => s.At <= end);
                windows.Add($"{last.Pages - pages}/{last.Urls - urls}");
                (pages, urls) = (last.Pages, last.Urls);
            }

            return windows;
        }
    }
}
