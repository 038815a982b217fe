using System.Globalization;

namespace AccBackup.Cli.Output;

/// <summary>Bytes, rates and durations for people: 1.5 MiB, 3.2 MiB/s, 01:02:03.</summary>
internal static class Units
{
    private static readonly string[] Suffixes = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];

    public static string Bytes(long bytes)
    {
        double value = bytes;
        var unit = 0;
        while (Math.Abs(value) >= 1024 && unit < Suffixes.Length - 1)
        {
            value /= 1024;
            unit++;
        }

        return unit == 0 ? $"{bytes.ToString("N0", CultureInfo.InvariantCulture)} B" : $"{value.ToString("0.0", CultureInfo.InvariantCulture)} {Suffixes[unit]}";
    }

    public static string Rate(double bytesPerSecond) => Bytes((long)bytesPerSecond) + "/s";

    public static string Duration(TimeSpan duration) => duration.TotalHours >= 1
        ? ((int)duration.TotalHours).ToString("00", CultureInfo.InvariantCulture) + duration.ToString(@"\:mm\:ss", CultureInfo.InvariantCulture)
        : duration.ToString(@"mm\:ss", CultureInfo.InvariantCulture);

    public static string Count(long count) => count.ToString("N0", CultureInfo.InvariantCulture);
}
