using System.Diagnostics;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Bench.Measure;

/// <summary>Measures one variant run: wall time, emulator stats, peak memory, allocations and CPU of both processes.</summary>
internal sealed class VariantMeter : IAsyncDisposable
{
    private readonly EmulatorServer emulator;
    private readonly AzuriteProcess? azurite;
    private readonly DownloadGauge downloads;
    private readonly MemorySampler memory;
    private readonly bool peakReset;
    private readonly long startRss;
    private readonly long startAllocated;
    private readonly TimeSpan startCpu;
    private readonly TimeSpan startAzuriteCpu;
    private readonly (long Busy, long Total) startMachine;
    private readonly Stopwatch clock;

    private VariantMeter(EmulatorServer emulator, AzuriteProcess? azurite, DownloadGauge downloads)
    {
        this.emulator = emulator;
        this.azurite = azurite;
        this.downloads = downloads;

        // Start each variant from the same place: no garbage left by the previous one, no counts, quota windows fresh.
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        emulator.ResetStats();
        emulator.Quotas = emulator.Quotas;
        peakReset = ResetPeakRss();
        startRss = Environment.WorkingSet;
        memory = new MemorySampler(azurite);
        startAllocated = GC.GetTotalAllocatedBytes(precise: false);
        startCpu = ProcessCpu();
        startAzuriteCpu = azurite?.CpuTime() ?? TimeSpan.Zero;
        downloads.Reset();
        startMachine = AzuriteProcess.MachineJiffies();
        clock = Stopwatch.StartNew();
    }

    /// <summary>Resets the emulator's counters and quota windows and starts measuring.</summary>
    public static VariantMeter Start(EmulatorServer emulator, AzuriteProcess? azurite, DownloadGauge downloads) => new(emulator, azurite, downloads);

    /// <summary>Stops measuring; the emulator's stats are read at once, before anything else calls it.</summary>
    public async Task<Measurement> StopAsync()
    {
        var wall = clock.Elapsed;
        var stats = emulator.GetStats();
        var inFlight = (downloads.Average, downloads.Peak);
        var allocated = GC.GetTotalAllocatedBytes(precise: false) - startAllocated;
        var cpu = ProcessCpu() - startCpu;
        var azuriteCpu = (azurite?.CpuTime() ?? TimeSpan.Zero) - startAzuriteCpu;
        var machine = AzuriteProcess.MachineJiffies();
        var machineBusy = machine.Total > startMachine.Total
            ? (double)(machine.Busy - startMachine.Busy) / (machine.Total - startMachine.Total) * Environment.ProcessorCount
            : 0;
        await memory.DisposeAsync();
        var highWater = peakReset ? AzuriteProcess.StatusKilobytes("/proc/self/status", "VmHWM:") * 1024 : 0;
        return new Measurement(wall, stats, startRss, Math.Max(memory.PeakSelf, highWater), allocated, cpu, azuriteCpu, memory.PeakAzurite, inFlight.Average, inFlight.Peak, machineBusy);
    }

    private static TimeSpan ProcessCpu()
    {
        using var self = Process.GetCurrentProcess();
        return self.TotalProcessorTime;
    }

    /// <summary>Stops the memory sampler if <see cref="StopAsync"/> was never reached.</summary>
    public ValueTask DisposeAsync() => memory.DisposeAsync();

    // Linux: writing 5 to clear_refs resets VmHWM, the kernel's exact peak RSS, to the current RSS.
    private static bool ResetPeakRss()
    {
        try
        {
            File.WriteAllText("/proc/self/clear_refs", "5");
            return true;
        }
        catch (IOException)
        {
            return false;
        }
        catch (UnauthorizedAccessException)
        {
            return false;
        }
    }
}

/// <summary>What one variant run cost.</summary>
/// <param name="PeakRssBytes">The larger of the 50 ms working-set samples and the kernel's high-water mark (VmHWM) since the start.</param>
internal sealed record Measurement(
    TimeSpan Wall,
    StatsSnapshot Stats,
    long StartRssBytes,
    long PeakRssBytes,
    long AllocatedBytes,
    TimeSpan Cpu,
    TimeSpan AzuriteCpu,
    long AzuritePeakRssBytes,
    double DownloadsInFlightAverage,
    int DownloadsInFlightPeak,
    double MachineBusyCores);
