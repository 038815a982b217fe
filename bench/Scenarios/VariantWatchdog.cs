using System.Diagnostics;
using System.Globalization;
using AccBackup.Bench.Measure;
using AccEmulator;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// Runs a variant and stops it when it stalls: no APS request, no downloaded byte and no Azurite work for
/// <see cref="StallLimit"/>, or longer than <see cref="RunLimit"/> in all. A stalled or failed run is reported, not thrown,
/// so the other variants and scenarios still run.
/// </summary>
internal static class VariantWatchdog
{
    /// <summary>Longer than any Retry-After the client honours in a healthy run (≤ 60 s quota windows).</summary>
    public static readonly TimeSpan StallLimit = TimeSpan.FromSeconds(90);

    public static readonly TimeSpan RunLimit = TimeSpan.FromMinutes(25);

    private static readonly TimeSpan Poll = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan StopGrace = TimeSpan.FromSeconds(30);
    private static readonly TimeSpan AzuriteBusyPerPoll = TimeSpan.FromSeconds(0.2);

    public static async Task<VariantOutcome> RunAsync(
        Func<CancellationToken, Task<VariantOutcome>> run, EmulatorServer emulator, AzuriteProcess? azurite, CancellationToken cancellationToken)
    {
        using var variant = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var clock = Stopwatch.StartNew();
        var task = run(variant.Token);
        var stall = await WatchAsync(task, clock, emulator, azurite, cancellationToken);
        if (stall is null)
        {
            try
            {
                return await task;
            }
            catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                return new VariantOutcome(0, 0, 0, 0, Note: $"FAILED after {clock.Elapsed.TotalSeconds:F0} s: {e.GetType().Name}: {e.Message}", Stalled: true);
            }
        }

        await variant.CancelAsync();
        var stopped = await Task.WhenAny(task, Task.Delay(StopGrace, cancellationToken)) == task;
        _ = task.ContinueWith(t => _ = t.Exception, CancellationToken.None, TaskContinuationOptions.None, TaskScheduler.Default);
        return new VariantOutcome(0, 0, 0, 0, Stalled: true,
            Note: stall + (stopped ? "; it stopped when cancelled" : $"; it did not stop within {StopGrace.TotalSeconds:0} s of cancellation and was abandoned"));
    }

    private static async Task<string?> WatchAsync(
        Task task, Stopwatch clock, EmulatorServer emulator, AzuriteProcess? azurite, CancellationToken cancellationToken)
    {
        var last = Signature(emulator);
        var lastAzurite = azurite?.CpuTime() ?? TimeSpan.Zero;
        var lastChange = clock.Elapsed;
        while (!task.IsCompleted)
        {
            await Task.WhenAny(task, Task.Delay(Poll, cancellationToken));
            var now = Signature(emulator);
            var azuriteNow = azurite?.CpuTime() ?? TimeSpan.Zero;

            // Azurite's work counts per poll: its own timers add a few ms every poll, which summed since the last
            // change once kept a hung durable child "busy" until the run limit.
            var azuriteBusy = azuriteNow - lastAzurite > AzuriteBusyPerPoll;
            lastAzurite = azuriteNow;
            if (now != last || azuriteBusy)
            {
                (last, lastChange) = (now, clock.Elapsed);
            }

            if (!task.IsCompleted && clock.Elapsed - lastChange >= StallLimit)
            {
                var stats = emulator.GetStats();
                return string.Create(CultureInfo.InvariantCulture,
                    $"STALLED: no APS request, no downloaded byte and no Azurite work for {StallLimit.TotalSeconds:0} s (stopped at {clock.Elapsed.TotalSeconds:F0} s); " +
                    $"{stats.TotalRequests} emulator requests and {stats.ContentBytesServed / 1e6:F0} MB served by then");
            }

            if (!task.IsCompleted && clock.Elapsed > RunLimit)
            {
                return string.Create(CultureInfo.InvariantCulture, $"STOPPED: still running after {RunLimit.TotalMinutes:0} min");
            }
        }

        return null;
    }

    private static (long Requests, long Bytes) Signature(EmulatorServer emulator)
    {
        var stats = emulator.GetStats();
        return (stats.TotalRequests, stats.ContentBytesServed);
    }
}
