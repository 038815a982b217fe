using System.Diagnostics;
using System.Globalization;
using AccBackup.Acc;
using AccBackup.Tests.Acc;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Quotas;

/// <summary>
/// Client pacing (Process scope) against the emulator's real quota counting over real HTTP: fixed windows that open at
/// the first call after the last one closed, 429 with Retry-After past the limit. Windows of a few seconds, with the
/// quotas scaled to them and the client told the same window, keep the tests quick.
/// </summary>
public sealed class ApsQuotaPacingTests
{
    [Fact]
    public async Task GetFolderAsync_BurstUnderTheQuota_IsNotPacedAndSeesNo429()
    {
        // Folder: 300/min is 50 per 10 s, all of it the client's (Aps:Quota:Share 1). Thirty-nine calls fit: they should all go at once.
        var window = TimeSpan.FromSeconds(10);
        await using var emulator = await StartEmulatorAsync(window);
        await using var services = CreateServices(emulator, window);
        var client = services.GetRequiredService<ApsDataClient>();
        var folder = await AnyFolderAsync(emulator);
        await client.GetFolderAsync(folder.ProjectId, folder.FolderId, CancellationToken.None); // token and connection
        emulator.ResetStats();

        var clock = Stopwatch.StartNew();
        await Task.WhenAll(Enumerable.Range(0, 39).Select(_ => client.GetFolderAsync(folder.ProjectId, folder.FolderId, CancellationToken.None)));
        var elapsed = clock.Elapsed;

        var stats = emulator.GetStats();
        Assert.Equal(39, stats.Count(EndpointCategory.Folder, 200));
        Assert.Equal(0, stats.Count(EndpointCategory.Folder, 429));
        // A pacer spreading the window's quota evenly would take 39/50 of the window (a token bucket with a twentieth as burst did).
        Assert.True(elapsed < window / 2, $"39 calls under a quota of 50 per {window.TotalSeconds} s took {elapsed.TotalSeconds:F1} s: paced below the quota");
    }

    [Fact]
    public async Task GetFolderAsync_DemandThreeTimesTheQuota_WaitsForEachWindowAndSeesNo429()
    {
        // Folder: 300/min is 15 per 3 s, the client's whole share, counted 0.1 s longer (the margin scaled to the window).
        // Fifty calls need four windows' worth: three waits.
        var window = TimeSpan.FromSeconds(3);
        await using var emulator = await StartEmulatorAsync(window);
        await using var services = CreateServices(emulator, window);
        var client = services.GetRequiredService<ApsDataClient>();
        var folder = await AnyFolderAsync(emulator);

        var clock = Stopwatch.StartNew();
        await Task.WhenAll(Enumerable.Range(0, 50).Select(_ => client.GetFolderAsync(folder.ProjectId, folder.FolderId, CancellationToken.None)));
        var elapsed = clock.Elapsed;

        var stats = emulator.GetStats();
        Assert.Equal(50, stats.Count(EndpointCategory.Folder, 200));
        Assert.Equal(0, stats.Count(EndpointCategory.Folder, 429));
        Assert.True(elapsed >= window * 3, $"50 calls at 15 per {window.TotalSeconds} s took only {elapsed.TotalSeconds:F1} s");
        Assert.True(elapsed < window * 5, $"50 calls at 15 per {window.TotalSeconds} s took {elapsed.TotalSeconds:F1} s: paced below the quota");
    }

    private static async Task<EmulatorServer> StartEmulatorAsync(TimeSpan window)
    {
        var limits = QuotaOptions.ApsLimits.ToDictionary(l => l.Key, l => (int)(l.Value * window.Ticks / TimeSpan.FromMinutes(1).Ticks));
        return await EmulatorServer.StartAsync(new EmulatorOptions
        {
            Dataset = EmulatorDatasets.Demo,
            Quotas = new QuotaOptions { Window = window, Limits = limits },
        });
    }

    private static ServiceProvider CreateServices(EmulatorServer emulator, TimeSpan window) =>
        ApsTestServices.Create(emulator.BaseUrl, settings: new Dictionary<string, string?>
        {
            ["Aps:ClientId"] = emulator.ClientId,
            ["Aps:ClientSecret"] = emulator.ClientSecret,
            ["Aps:AccountId"] = emulator.AccountId,
            ["Aps:Quota:Enabled"] = "true",
            ["Aps:Quota:Window"] = window.ToString("c", CultureInfo.InvariantCulture),
            ["Aps:Quota:WindowMargin"] = (window / 30).ToString("c", CultureInfo.InvariantCulture),
        });

    private static async Task<TruthFile> AnyFolderAsync(EmulatorServer emulator) =>
        (await emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None))[0];
}
