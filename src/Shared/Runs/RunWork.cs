using System.Text.Json;

namespace AccBackup.Runs;

/// <summary>A unit of a run's work: one activity call.</summary>
internal abstract record RunWorkItem(ProjectRef Project);

/// <summary>List a slice of a project's folders.</summary>
internal sealed record ListingWork(ProjectRef Project, FolderWaveInput Input) : RunWorkItem(Project);

/// <summary>Copy one inventory chunk.</summary>
internal sealed record CopyWork(ProjectRef Project, string Chunk) : RunWorkItem(Project);

/// <summary>What a finished work item produced.</summary>
internal abstract record RunWorkResult(ProjectRef Project);

/// <summary>A listing finished.</summary>
internal sealed record ListingDone(ProjectRef Project, FolderWaveInput Input, FolderWaveResult Result) : RunWorkResult(Project);

/// <summary>A copy finished.</summary>
internal sealed record CopyDone(ProjectRef Project, ChunkCopyResult Result) : RunWorkResult(Project);

/// <summary>A work item failed every attempt.</summary>
internal sealed record WorkFailed(ProjectRef Project, RunWorkItem Item, Exception Error) : RunWorkResult(Project);

/// <summary>The run's sliding window: pending work (listings first, since the API quotas bound them), in-flight work, per-project counts.</summary>
internal sealed class RunWorkQueue(int maxInFlight)
{
    private readonly Queue<ListingWork> listings = new();
    private readonly Queue<CopyWork> copies = new();
    private readonly List<Task<RunWorkResult>> inFlight = [];
    private readonly Dictionary<string, int> outstanding = new(StringComparer.Ordinal);
    private int listingsInFlight;
    private int listingsStarted;
    private int copiesStarted;
    private int largestPayload;

    /// <summary>Activities started so far and the largest payload seen.</summary>
    public RunStatistics Statistics => new(listingsStarted, copiesStarted, largestPayload);

    /// <summary>Whether any listing is pending or running.</summary>
    public bool HasListings => listings.Count > 0 || listingsInFlight > 0;

    public void AddListing(ProjectRef project, FolderWaveInput input)
    {
        listings.Enqueue(new ListingWork(project, input));
        Count(project, +1);
    }

    public void AddCopy(ProjectRef project, string chunk)
    {
        copies.Enqueue(new CopyWork(project, chunk));
        Count(project, +1);
    }

    /// <summary>Starts work up to the window, then waits for one item to finish; null when all work is done.</summary>
    public async Task<RunWorkResult?> NextCompletedAsync(Func<RunWorkItem, CancellationToken, Task<RunWorkResult>> start, CancellationToken cancellationToken)
    {
        while (inFlight.Count < maxInFlight && (listings.Count > 0 || copies.Count > 0))
        {
            RunWorkItem item = listings.Count > 0 ? listings.Dequeue() : copies.Dequeue();
            listingsInFlight += item is ListingWork ? 1 : 0;
            listingsStarted += item is ListingWork ? 1 : 0;
            copiesStarted += item is CopyWork ? 1 : 0;
            Measure(item switch
            {
                ListingWork listing => JsonSerializer.SerializeToUtf8Bytes(listing.Input, RunJsonContext.Default.FolderWaveInput).Length,
                _ => 0,
            });
            inFlight.Add(start(item, cancellationToken));
        }

        if (inFlight.Count == 0)
        {
            return null;
        }

        var done = await Task.WhenAny(inFlight).ConfigureAwait(false);
        inFlight.Remove(done);
        var result = await done.ConfigureAwait(false);
        listingsInFlight -= result is ListingDone or WorkFailed { Item: ListingWork } ? 1 : 0;
        Measure(result switch
        {
            ListingDone listed => JsonSerializer.SerializeToUtf8Bytes(listed.Result, RunJsonContext.Default.FolderWaveResult).Length,
            CopyDone copied => JsonSerializer.SerializeToUtf8Bytes(copied.Result, RunJsonContext.Default.ChunkCopyResult).Length,
            _ => 0,
        });
        Count(result.Project, -1);
        return result;
    }

    /// <summary>Whether the project has no work left; asked after a finished item's follow-up work was added.</summary>
    public bool Finished(ProjectRef project) => !outstanding.ContainsKey(project.Id);

    private void Measure(int bytes) => largestPayload = Math.Max(largestPayload, bytes);

    private void Count(ProjectRef project, int delta)
    {
        var now = outstanding.GetValueOrDefault(project.Id) + delta;
        if (now == 0)
        {
            outstanding.Remove(project.Id);
        }
        else
        {
            outstanding[project.Id] = now;
        }
    }
}
