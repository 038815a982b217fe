using System.Diagnostics;

namespace AccBackup.Bench.Measure;

/// <summary>When the Issues client's calls went out: from the first request's start to the last response's end, seen from the client.</summary>
/// <remarks>Hooked into the named HttpClient of <c>IssuesClient</c> (the SSA token exchange has its own client and is not counted).</remarks>
internal sealed class IssueCallClock
{
    private readonly Stopwatch clock = Stopwatch.StartNew();
    private readonly Lock gate = new();
    private readonly List<TimeSpan> starts = [];
    private TimeSpan? first;
    private TimeSpan last;
    private int calls;

    /// <summary>Requests sent through the Issues client (answered or not).</summary>
    public int Calls => Volatile.Read(ref calls);

    /// <summary>From the first call's start to the last call's end; zero before any call.</summary>
    public TimeSpan Span
    {
        get
        {
            lock (gate)
            {
                return first is { } start ? last - start : TimeSpan.Zero;
            }
        }
    }

    /// <summary>Calls started in each <paramref name="window"/> counted from the first call's start.</summary>
    public IReadOnlyList<int> PerWindow(TimeSpan window)
    {
        lock (gate)
        {
            if (first is not { } start)
            {
                return [];
            }

            var counts = new int[(int)((last - start) / window) + 1];
            foreach (var at in starts)
            {
                counts[Math.Min((int)((at - start) / window), counts.Length - 1)]++;
            }

            return counts;
        }
    }

    /// <summary>A handler for the Issues client's pipeline (one per handler lifetime; all report here).</summary>
    public DelegatingHandler CreateHandler() => new Handler(this);

    private void Started()
    {
        Interlocked.Increment(ref calls);
        lock (gate)
        {
            var now = clock.Elapsed;
            first ??= now;
            starts.Add(now);
        }
    }

    private void Ended()
    {
        lock (gate)
        {
            last = clock.Elapsed > last ? clock.Elapsed : last;
        }
    }

    private sealed class Handler(IssueCallClock owner) : DelegatingHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            owner.Started();
            try
            {
                return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                owner.Ended();
            }
        }
    }
}
