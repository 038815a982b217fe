using System.Diagnostics;
using System.Globalization;
using AccBackup.Runs;

namespace AccBackup.Bench.Variants;

/// <summary>When a backup run reached each phase, from its progress reports (taken on the reporting thread).</summary>
internal sealed class RunTimeline : IProgress<BackupProgress>
{
    private readonly Stopwatch clock = Stopwatch.StartNew();
    private TimeSpan? firstCopied;
    private TimeSpan? listed;
    private TimeSpan? manifest;

    public void Report(BackupProgress value)
    {
        var now = clock.Elapsed;
        if (firstCopied is null && value.FilesCopied + value.FilesUnchanged > 0)
        {
            firstCopied = now;
        }

        if (listed is null && value.Phase is "copying" or "writing manifest")
        {
            listed = now;
        }

        if (manifest is null && value.Phase == "writing manifest")
        {
            manifest = now;
        }
    }

    /// <summary>The timeline in words, seconds from the start of the run.</summary>
    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"first copy batch done at {Seconds(firstCopied)} s, listing done at {Seconds(listed)} s, copies done (manifest started) at {Seconds(manifest)} s, finished at {clock.Elapsed.TotalSeconds:F1} s");

    private static string Seconds(TimeSpan? at) => at is { } t ? t.TotalSeconds.ToString("F1", CultureInfo.InvariantCulture) : "-";
}
