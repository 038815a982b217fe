using System.Collections.Concurrent;
using AccBackup.Acc;

namespace AccBackup.Retry;

/// <summary>The APS failures requests are retrying through right now, for progress displays: one per process (a singleton).</summary>
/// <remarks>Logs say what happened; this says what is happening, so a run that looks stuck can show it is waiting and why.</remarks>
public sealed class ApsRetryMonitor(TimeProvider time)
{
    private readonly ConcurrentDictionary<ApsRetryWatch, byte> waiting = new();

    /// <summary>The failure keeping the most requests retrying now, or null when no request is retrying.</summary>
    public ApsRetryWait? Current => waiting.Keys
        .Where(w => w.Reason is not null)
        .GroupBy(w => (w.Endpoint, Reason: w.Reason!))
        .Select(g => new ApsRetryWait(g.Key.Endpoint, g.Key.Reason, g.Count(), g.Max(w => time.GetElapsedTime(w.Started))))
        .OrderByDescending(s => s.Requests)
        .ThenByDescending(s => s.Waited)
        .FirstOrDefault();

    /// <summary>Records that <paramref name="watch"/>'s request is waiting to retry.</summary>
    internal void Waiting(ApsRetryWatch watch) => waiting.TryAdd(watch, 0);

    /// <summary>Records that <paramref name="watch"/>'s request has ended, however it ended.</summary>
    internal void Ended(ApsRetryWatch watch) => waiting.TryRemove(watch, out _);
}

/// <summary>One failure being retried, as progress shows it.</summary>
/// <param name="Endpoint">The endpoint answering with failures.</param>
/// <param name="Reason">What it answers, e.g. "429" or "HTTP 503".</param>
/// <param name="Requests">Requests waiting to retry on it now.</param>
/// <param name="Waited">How long the longest waiting of them has been at it.</param>
public sealed record ApsRetryWait(ApsEndpoint Endpoint, string Reason, int Requests, TimeSpan Waited)
{
    /// <summary>E.g. "APS answering 429 on FolderContents: 3 requests retrying, the longest 45 s".</summary>
    public override string ToString() =>
        $"APS answering {Reason} on {Endpoint}: {Requests} request{(Requests == 1 ? "" : "s")} retrying, the longest {Math.Round(Waited.TotalSeconds):0} s";
}
