namespace AccBackup.Bench.Measure;

/// <summary>The machine's real core count, from /proc/stat: <see cref="Environment.ProcessorCount"/> says what DOTNET_PROCESSOR_COUNT says.</summary>
internal static class MachineCores
{
    private static readonly Lazy<int> Count = new(() =>
    {
        try
        {
            var cores = File.ReadLines("/proc/stat").Count(l => l.Length > 3 && l.StartsWith("cpu", StringComparison.Ordinal) && char.IsAsciiDigit(l[3]));
            return cores > 0 ? cores : Environment.ProcessorCount;
        }
        catch (IOException)
        {
            return Environment.ProcessorCount;
        }
        catch (UnauthorizedAccessException)
        {
            return Environment.ProcessorCount;
        }
    });

    /// <summary>Cores the kernel schedules on.</summary>
    public static int Value => Count.Value;
}
