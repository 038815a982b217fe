using System.Globalization;
using AccBackup.Acc;
using AccBackup.Tests.Acc;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Quotas;

/// <summary>
/// Client pacing (Process scope) against the emulator's real quota counting over real HTTP: fixed windows that open at
/// the first call after the last one closed, 429 with Retry-After past the limit. The client and the emulator share one
/// fake clock, so a window passes when the test moves it, and the quotas are scaled to a window of a few seconds.
/// </summary>
public sealed class ApsQuotaPacingTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 27, 2, 0, 0, TimeSpan.Zero);

    [Fact]
    public async Task GetFolderAsync_BurstUnderTheQuota_IsNotPacedAndSeesNo429()
    {
        // Folder: 300/min is 50 per 10 s, all of it the client's (Aps:Quota:Share 1). Thirty-nine calls fit: they all go
        // at once, with the clock standing still (a pacer spreading the window's quota evenly would wait on it forever).
        var window = TimeSpan.FromSeconds(10);
        var time = new FakeTimeProvider(Start);
        await using var emulator = await StartEmulatorAsync(window, time);
        await using var services = CreateServices(emulator, window, time);
        var client = services.GetRequiredService<ApsDataClient>();
        var folder = await AnyFolderAsync(emulator);
        await client.GetFolderAsync(folder.ProjectId, folder.FolderId, CancellationToken.None); // token and connection
        emulator.ResetStats();

        await Task.WhenAll(Enumerable.Range(0, 39).Select(_ => client.GetFolderAsync(folder.ProjectId, folder.FolderId, CancellationToken.None)))
            .WaitAsync(Testing.TestWaits.Signal);

        var stats = emulator.GetStats();
        Assert.Equal(39, stats.Count(EndpointCategory.Folder, 200));
        Assert.Equal(0, stats.Count(EndpointCategory.Folder, 429));
        Assert.Equal(Start, time.GetUtcNow());
    }

    [Fact]
    public async Task GetFolderAsync_DemandThreeTimesTheQuota_WaitsForEachWindowAndSeesNo429()
    {
        // Folder: 300/min is 15 per 3 s, the client's whole share, counted 0.1 s longer (the margin scaled to the window).
        // Fifty calls need four windows' worth: 15 go at once, and 15 more each time the clock passes a counted window.
        var window = TimeSpan.FromSeconds(3);
        var time = new FakeTimeProvider(Start);
        await using var emulator = await StartEmulatorAsync(window, time);
        await using var services = CreateServices(emulator, window, time);
        var client = services.GetRequiredService<ApsDataClient>();
        var folder = await AnyFolderAsync(emulator);
        var done = 0;

        var calls = Task.WhenAll(Enumerable.Range(0, 50).Select(async _ =>
        {
            await client.GetFolderAsync(folder.ProjectId, folder.FolderId, CancellationToken.None);
            Interlocked.Increment(ref done);
        }));
        for (var windows = 1; windows <= 3; windows++)
        {
            await Testing.TestWaits.UntilAsync(() => Volatile.Read(ref done) >= 15 * windows, $"{15 * windows} calls done");
            Assert.Equal(15 * windows, Volatile.Read(ref done));
            time.Advance(window + (window / 30));
        }

        await calls.WaitAsync(Testing.TestWaits.Signal);

        var stats = emulator.GetStats();
        Assert.Equal(50, stats.Count(EndpointCategory.Folder, 200));
        Assert.Equal(0, stats.Count(EndpointCategory.Folder, 429));
    }

    private static async Task<EmulatorServer> StartEmulatorAsync(TimeSpan window, TimeProvider time)
    {
        var limits = QuotaOptions.ApsLimits.ToDictionary(l => l.Key, l => (int)(l.Value * window.Ticks / TimeSpan.FromMinutes(1).Ticks));
        return await EmulatorServer.StartAsync(new EmulatorOptions
        {
            Dataset = EmulatorDatasets.Demo,
            Quotas = new QuotaOptions { Window = window, Limits = limits },
            TimeProvider = time,
        });
    }

    private static ServiceProvider CreateServices(EmulatorServer emulator, TimeSpan window, TimeProvider time) =>
        ApsTestServices.Create(emulator.BaseUrl, settings: new Dictionary<string, string?>
        {
            ["Aps:ClientId"] = emulator.ClientId,
            ["Aps:ClientSecret"] = emulator.ClientSecret,
            ["Aps:AccountId"] = emulator.AccountId,
            ["Aps:Quota:Enabled"] = "true",
            ["Aps:Quota:Window"] = window.ToString("c", CultureInfo.InvariantCulture),
            ["Aps:Quota:WindowMargin"] = (window / 30).ToString("c", CultureInfo.InvariantCulture),
        }, time: time);

    private static async Task<TruthFile> AnyFolderAsync(EmulatorServer emulator) =>
        (await emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None))[0];
}
