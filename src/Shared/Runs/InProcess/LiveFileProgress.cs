using AccBackup.Manifest;


namespace AccBackup.Runs.InProcess;

/// <summary>Per-file progress between a schedule's milestones: the files copies in flight have finished so far, added to the
/// schedule's last progress record, so a run's progress moves with every file rather than every chunk.</summary>
/// <remarks>Thread-safe: files end on many threads while the driver moves the baseline. When a chunk's copy completes, its
/// files are counted by the schedule and its live counts are dropped (<see cref="Forget"/>).</remarks>
internal sealed class LiveFileProgress(IProgress<BackupProgress>? sink)
{
    private readonly Dictionary<int, StatusCounts> inFlight = [];
    private readonly Lock gate = new();
    private BackupProgress? baseline;

    /// <summary>The progress reporter for the files of work item <paramref name="workId"/>.</summary>
    public IProgress<ManifestEntry>? For(int workId)
    {
        if (sink is null)
        {
            return null;
        }

        lock (gate)
        {
            inFlight[workId] = new StatusCounts();
        }

        return new Reporter(this, workId);
    }

    /// <summary>Work item <paramref name="workId"/> ended: the schedule counts its files from now on.</summary>
    public void Forget(int workId)
    {
        lock (gate)
        {
            inFlight.Remove(workId);
        }
    }

    /// <summary>A new milestone from the schedule: reports it with the files in flight added.</summary>
    public void Report(BackupProgress progress)
    {
        lock (gate)
        {
            baseline = progress;
        }

        Publish();
    }

    private void Publish()
    {
        BackupProgress? current;
        lock (gate)
        {
            current = baseline;
            foreach (var counts in inFlight.Values)
            {
                current = current is null ? null : current with
                {
                    FilesCopied = current.FilesCopied + counts.Copied,
                    FilesUnchanged = current.FilesUnchanged + counts.Unchanged,
                    FilesFailed = current.FilesFailed + counts.Failed,
                    BytesCopied = current.BytesCopied + counts.CopiedBytes,
                };
            }
        }

        if (current is not null)
        {
            sink?.Report(current);
        }
    }

    private void Add(int workId, ManifestEntry entry)
    {
        lock (gate)
        {
            if (!inFlight.TryGetValue(workId, out var counts))
            {
                return;
            }

            counts.Add(entry);
        }

        Publish();
    }

    private sealed class Reporter(LiveFileProgress owner, int workId) : IProgress<ManifestEntry>
    {
        public void Report(ManifestEntry value) => owner.Add(workId, value);
    }
}
