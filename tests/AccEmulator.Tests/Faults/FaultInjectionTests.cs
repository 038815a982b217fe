using System.Diagnostics;
using System.Net;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Faults;

public sealed class FaultInjectionTests
{
    [Fact]
    public async Task Hubs_TooManyRequestsBurst_AnswersTheBurstThenRecovers()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        aps.Server.Faults = FaultOptions.None.With(EndpointCategory.Hubs, new EndpointFaults { TooManyRequestsBurst = 3 });

        // Act
        var statuses = await StatusesAsync(aps, "project/v1/hubs", 5);

        // Assert
        Assert.Equal([429, 429, 429, 200, 200], statuses);
        Assert.Equal(3, aps.Server.GetStats().FaultsInjected["429"]);
    }

    [Fact]
    public async Task Hubs_InjectedTooManyRequestsWithoutRetryAfter_SendNoHeader()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        aps.Server.Faults = FaultOptions.None.With(EndpointCategory.Hubs, new EndpointFaults { TooManyRequestsBurst = 1, RetryAfter = null });

        // Act
        using var response = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.Equal(HttpStatusCode.TooManyRequests, response.StatusCode);
        Assert.False(response.Headers.Contains("Retry-After"));
    }

    [Fact]
    public async Task Hubs_ServerErrorRateOne_AnswersOnly500Or503()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        aps.Server.Faults = FaultOptions.None.With(EndpointCategory.Hubs, new EndpointFaults { ServerErrorRate = 1 });

        // Act
        var statuses = await StatusesAsync(aps, "project/v1/hubs", 20);

        // Assert
        Assert.All(statuses, s => Assert.Contains(s, new[] { 500, 503 }));
        Assert.Contains(500, statuses);
        Assert.Contains(503, statuses);
    }

    [Fact]
    public async Task Faults_SameSeed_SameDecisionsAndAnotherSeedDiffers()
    {
        // Arrange
        static FaultOptions Faults(long seed) => new FaultOptions { Seed = seed }
            .With(EndpointCategory.Hubs, new EndpointFaults { TooManyRequestsRate = 0.3, ServerErrorRate = 0.3 });
        await using var first = await TestEmulator.ConnectAsync(TestEmulator.Options() with { Faults = Faults(7) });
        await using var second = await TestEmulator.ConnectAsync(TestEmulator.Options() with { Faults = Faults(7) });
        await using var other = await TestEmulator.ConnectAsync(TestEmulator.Options() with { Faults = Faults(8) });

        // Act
        var a = await StatusesAsync(first, "project/v1/hubs", 40);
        var b = await StatusesAsync(second, "project/v1/hubs", 40);
        var c = await StatusesAsync(other, "project/v1/hubs", 40);

        // Assert
        Assert.Equal(a, b);
        Assert.NotEqual(a, c);
        Assert.Contains(200, a);
        Assert.Contains(429, a);
    }

    [Fact]
    public async Task Hubs_AddedLatency_DelaysTheResponse()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        aps.Server.Faults = FaultOptions.None.With(EndpointCategory.Hubs, new EndpointFaults { Latency = TimeSpan.FromMilliseconds(300) });
        var clock = Stopwatch.StartNew();

        // Act
        using var response = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.True(clock.Elapsed >= TimeSpan.FromMilliseconds(290), $"took {clock.Elapsed}");
    }

    [Fact]
    public void Decide_LatencyJitter_DrawsEachRequestsLatencyFromTheSeedWithinTheJitter()
    {
        // Arrange
        var latency = TimeSpan.FromMilliseconds(40);
        static FaultOptions Faults(long seed) => new FaultOptions { Seed = seed }
            .With(EndpointCategory.FolderContents, new EndpointFaults { Latency = TimeSpan.FromMilliseconds(40), LatencyJitter = TimeSpan.FromMilliseconds(40) });
        static List<TimeSpan> Latencies(FaultInjector faults) =>
            Enumerable.Range(0, 200).Select(_ => faults.Decide(EndpointCategory.FolderContents).Latency).ToList();

        // Act
        var a = Latencies(new FaultInjector(Faults(3)));
        var b = Latencies(new FaultInjector(Faults(3)));
        var c = Latencies(new FaultInjector(Faults(4)));

        // Assert
        Assert.All(a, l => Assert.InRange(l, latency, (latency * 2) - TimeSpan.FromTicks(1)));
        Assert.True(a.Min() < latency * 1.1 && a.Max() > latency * 1.9, $"latencies from {a.Min()} to {a.Max()}: not spread over the jitter");
        Assert.Equal(a, b);
        Assert.NotEqual(a, c);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Download_ResetOrTruncateFault_ClientCannotReadAWholeBody(bool reset)
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        var url = (await aps.SignDownloadAsync(file.StorageId!)).GetProperty("url").GetString();
        aps.Server.Faults = new FaultOptions { Download = reset ? new DownloadFaults { ResetBurst = 1 } : new DownloadFaults { TruncateBurst = 1 } };
        using var http = new HttpClient();

        // Act
        var failure = await Record.ExceptionAsync(() => http.GetByteArrayAsync(url));
        var retry = await http.GetByteArrayAsync(url);

        // Assert
        Assert.True(failure is HttpRequestException or IOException, $"unexpected {failure}");
        Assert.Equal(file.ServedLength, retry.Length);
        Assert.Equal(1, aps.Server.GetStats().FaultsInjected[reset ? "reset" : "truncate"]);
    }

    [Fact]
    public async Task Download_PerConnectionBandwidthCap_PacesTheBody()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { ExtraLargeFileBytes = 600_000 });
        var file = await ItemEndpointsTests.FileAsync(aps, "large-extra.bin");
        aps.Server.Faults = new FaultOptions { Bandwidth = new BandwidthLimits { PerConnectionBytesPerSecond = 1_000_000 } };
        var clock = Stopwatch.StartNew();

        // Act
        var bytes = await aps.DownloadAsync(file);

        // Assert: 600 kB at 1 MB/s, less the initial 100 ms burst.
        Assert.Equal(600_000, bytes.Length);
        Assert.True(clock.Elapsed >= TimeSpan.FromMilliseconds(450), $"took {clock.Elapsed}");
    }

    [Fact]
    public async Task Download_TotalBandwidthCap_IsSharedByParallelDownloads()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { ExtraLargeFileBytes = 300_000 });
        var file = await ItemEndpointsTests.FileAsync(aps, "large-extra.bin");
        aps.Server.Faults = new FaultOptions { Bandwidth = new BandwidthLimits { TotalBytesPerSecond = 1_000_000 } };
        var clock = Stopwatch.StartNew();

        // Act
        var downloads = await Task.WhenAll(aps.DownloadAsync(file), aps.DownloadAsync(file));

        // Assert: 600 kB in all at 1 MB/s, less the initial 100 ms burst.
        Assert.All(downloads, bytes => Assert.Equal(300_000, bytes.Length));
        Assert.True(clock.Elapsed >= TimeSpan.FromMilliseconds(450), $"took {clock.Elapsed}");
    }

    [Fact]
    public async Task SignedUrlLifetimeFault_ShortensExpiry()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options(clock) with
        {
            Faults = new FaultOptions { SignedUrlLifetime = TimeSpan.FromSeconds(5) },
        });
        var file = await ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        var url = (await aps.SignDownloadAsync(file.StorageId!, "?minutesExpiration=60")).GetProperty("url").GetString();

        // Act
        clock.Advance(TimeSpan.FromSeconds(6));
        using var response = await new HttpClient().GetAsync(url);

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
    }

    private static async Task<List<int>> StatusesAsync(ApsTestClient aps, string url, int count)
    {
        var statuses = new List<int>();
        for (var i = 0; i < count; i++)
        {
            using var response = await aps.GetAsync(url);
            statuses.Add((int)response.StatusCode);
        }

        return statuses;
    }
}
