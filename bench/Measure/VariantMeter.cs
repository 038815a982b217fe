using System.Diagnostics;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Bench.Measure;

/// <summary>The parent's view of one variant: the emulator's stats, and the CPU and memory of this process (bench + emulator) and Azurite.</summary>
/// <remarks>The copier runs in a child process, which measures itself (Children/ChildMain.cs).</remarks>
internal sealed class VariantMeter : IAsyncDisposable
{
    private readonly EmulatorServer emulator;
    private readonly AzuriteProcess? azurite;
    private readonly MemorySampler memory;
    private readonly QuotaTimeline quota;
    private readonly TimeSpan startCpu;
    private readonly TimeSpan startAzuriteCpu;
    private readonly (long Busy, long Total) startMachine;
    private readonly Stopwatch clock;

    private VariantMeter(EmulatorServer emulator, AzuriteProcess? azurite)
    {
        this.emulator = emulator;
        this.azurite = azurite;

        // Each variant starts with no counts and fresh quota windows.
        emulator.ResetStats();
        emulator.Quotas = emulator.Quotas;
        memory = new MemorySampler(azurite);
        quota = new QuotaTimeline(emulator);
        startCpu = ProcessCpu();
        startAzuriteCpu = azurite?.CpuTime() ?? TimeSpan.Zero;
        startMachine = AzuriteProcess.MachineJiffies();
        clock = Stopwatch.StartNew();
    }

    /// <summary>Resets the emulator's counters and quota windows and starts measuring.</summary>
    public static VariantMeter Start(EmulatorServer emulator, AzuriteProcess? azurite) => new(emulator, azurite);

    /// <summary>Stops measuring; the emulator's stats are read at once, before anything else calls it.</summary>
    public async Task<ParentMeasurement> StopAsync()
    {
        var wall = clock.Elapsed;
        var stats = emulator.GetStats();
        var cpu = ProcessCpu() - startCpu;
        var azuriteCpu = (azurite?.CpuTime() ?? TimeSpan.Zero) - startAzuriteCpu;
        var machine = AzuriteProcess.MachineJiffies();
        var machineBusy = machine.Total > startMachine.Total
            ? (double)(machine.Busy - startMachine.Busy) / (machine.Total - startMachine.Total) * AccBackup.Bench.Measure.MachineCores.Value
            : 0;
        await memory.DisposeAsync();
        var quotaUse = await quota.StopAsync(emulator.Quotas.Window);
        return new ParentMeasurement(wall, stats, cpu, azuriteCpu, memory.PeakAzurite, memory.PeakSelf, machineBusy, quotaUse);
    }

    private static TimeSpan ProcessCpu()
    {
        using var self = Process.GetCurrentProcess();
        return self.TotalProcessorTime;
    }

    /// <summary>Stops the samplers if <see cref="StopAsync"/> was never reached.</summary>
    public async ValueTask DisposeAsync()
    {
        await memory.DisposeAsync();
        await quota.DisposeAsync();
    }
}

/// <summary>What the parent saw of one variant run.</summary>
/// <param name="Wall">From launching the child to its exit (start-up included; the report uses the child's own wall time).</param>
/// <param name="EmulatorCpu">CPU of this process meanwhile: the APS emulator serving the child (the bench itself only waits).</param>
/// <param name="EmulatorPeakRssBytes">Peak working set of this process (bench + emulator + the account's truth).</param>
/// <param name="MachineBusyCores">Cores the whole machine kept busy meanwhile (/proc/stat).</param>
/// <param name="Quota">Folder listings and signed URLs per quota window; null when nothing was listed.</param>
internal sealed record ParentMeasurement(
    TimeSpan Wall,
    StatsSnapshot Stats,
    TimeSpan EmulatorCpu,
    TimeSpan AzuriteCpu,
    long AzuritePeakRssBytes,
    long EmulatorPeakRssBytes,
    double MachineBusyCores,
    QuotaUse? Quota);
