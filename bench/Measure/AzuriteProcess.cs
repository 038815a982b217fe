using System.Globalization;

namespace AccBackup.Bench.Measure;

/// <summary>The Azurite node process, found by its port in /proc: its CPU time and resident memory.</summary>
/// <remarks>AzuriteServer does not expose its process, and Azurite is a separate process whose cost is part of every copy.</remarks>
internal sealed class AzuriteProcess(int pid)
{
    private const double TicksPerSecond = 100; // USER_HZ on Linux

    /// <summary>The process id.</summary>
    public int Pid => pid;

    /// <summary>The process listening on <paramref name="port"/>, or null when none is found (not Linux, or gone).</summary>
    public static AzuriteProcess? Find(int port)
    {
        var portArgument = "--blobPort\0" + port.ToString(CultureInfo.InvariantCulture) + "\0";
        foreach (var dir in SafeDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(dir), NumberStyles.None, CultureInfo.InvariantCulture, out var id))
            {
                continue;
            }

            var commandLine = ReadOrNull(Path.Combine(dir, "cmdline"));
            if (commandLine is not null && commandLine.Contains("azurite", StringComparison.Ordinal) && commandLine.Contains(portArgument, StringComparison.Ordinal))
            {
                return new AzuriteProcess(id);
            }
        }

        return null;
    }

    /// <summary>User plus system CPU time so far.</summary>
    public TimeSpan CpuTime()
    {
        var stat = ReadOrNull($"/proc/{pid}/stat");
        if (stat is null)
        {
            return TimeSpan.Zero;
        }

        // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
        var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        var ticks = long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture);
        return TimeSpan.FromSeconds(ticks / TicksPerSecond);
    }

    /// <summary>Resident set size now, in bytes (0 when unknown).</summary>
    public long RssBytes() => StatusKilobytes($"/proc/{pid}/status", "VmRSS:") * 1024;

    /// <summary>Busy and total jiffies of the whole machine (all cores), from the first line of /proc/stat.</summary>
    public static (long Busy, long Total) MachineJiffies()
    {
        var line = ReadOrNull("/proc/stat")?.Split('\n')[0];
        if (line is null || !line.StartsWith("cpu ", StringComparison.Ordinal))
        {
            return (0, 0);
        }

        // user nice system idle iowait irq softirq steal ...: idle and iowait are not busy.
        var values = line[4..].Split(' ', StringSplitOptions.RemoveEmptyEntries).Take(8).Select(v => long.Parse(v, CultureInfo.InvariantCulture)).ToArray();
        var total = values.Sum();
        return (total - values[3] - values[4], total);
    }

    /// <summary>A "Vm…: N kB" line of a /proc status file, in kB (0 when absent).</summary>
    public static long StatusKilobytes(string path, string key) => StatusValue(ReadOrNull(path), key);

    /// <summary>The number of a "Key: N …" line of a /proc status file's text (0 when absent).</summary>
    public static long StatusValue(string? status, string key)
    {
        var line = status?.Split('\n').FirstOrDefault(l => l.StartsWith(key, StringComparison.Ordinal));
        return line is null ? 0 : long.Parse(line[key.Length..].Trim().Split(' ')[0], CultureInfo.InvariantCulture);
    }

    private static string[] SafeDirectories(string path)
    {
        try
        {
            return Directory.GetDirectories(path);
        }
        catch (IOException)
        {
            return [];
        }
        catch (UnauthorizedAccessException)
        {
            return [];
        }
    }

    /// <summary>A /proc file's text, or null when it can't be read (the process is gone, or not Linux).</summary>
    public static string? ReadOrNull(string path)
    {
        try
        {
            return File.ReadAllText(path);
        }
        catch (IOException)
        {
            return null;
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }
}
