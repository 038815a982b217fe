namespace AccBackup.Cli.Output;

/// <summary>Transfer rate over a sliding window, and an ETA from the pace of files finished since the first sample.</summary>
/// <remarks>
/// Files finish in batches (a copy activity reports when its whole chunk is done), so a short window would swing
/// between zero and bursts: the ETA uses the whole run's pace, the rate the recent window.
/// </remarks>
internal sealed class ProgressRate(TimeSpan window)
{
    private readonly Queue<Sample> samples = new();
    private Sample? first;

    /// <summary>Bytes per second over the window; null until the samples span half a second (no rate is known yet).</summary>
    public double? BytesPerSecond { get; private set; }

    /// <summary>Files finished per second since the first sample.</summary>
    public double FilesPerSecond { get; private set; }

    /// <summary>Adds the counters as of <paramref name="at"/> (time since the run started).</summary>
    public void Add(TimeSpan at, long bytes, long filesDone)
    {
        var sample = new Sample(at, bytes, filesDone);
        first ??= sample;
        samples.Enqueue(sample);
        while (samples.Count > 2 && at - samples.Peek().At > window)
        {
            samples.Dequeue();
        }

        var oldest = samples.Peek();
        var recent = (at - oldest.At).TotalSeconds;
        if (recent >= 0.5)
        {
            BytesPerSecond = Math.Max(0, bytes - oldest.Bytes) / recent;
        }

        var overall = (at - first.Value.At).TotalSeconds;
        if (overall >= 0.5)
        {
            FilesPerSecond = Math.Max(0, filesDone - first.Value.Files) / overall;
        }
    }

    /// <summary>Time left for <paramref name="filesLeft"/> files at the pace so far; null while no pace is known.</summary>
    public TimeSpan? Eta(long filesLeft) =>
        filesLeft <= 0 ? TimeSpan.Zero : FilesPerSecond > 0 ? TimeSpan.FromSeconds(Math.Ceiling(filesLeft / FilesPerSecond)) : null;

    private readonly record struct Sample(TimeSpan At, long Bytes, long Files);
}
