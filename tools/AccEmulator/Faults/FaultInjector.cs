using System.Collections.Concurrent;
using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Endpoints;

namespace AccEmulator.Faults;

/// <summary>Decides, per request, which configured fault applies; decisions are a pure function of seed and request order.</summary>
internal sealed class FaultInjector
{
    private static readonly int CategoryCount = Enum.GetValues<EndpointCategory>().Length;

    private readonly ConcurrentDictionary<string, int> _chunkedAnswers = new(StringComparer.Ordinal);
    private FaultState _state = null!;

    public FaultInjector(FaultOptions options) => Options = options;

    /// <summary>The current faults; setting them restarts bursts, counters and the shared bandwidth bucket.</summary>
    public FaultOptions Options
    {
        get => _state.Options;
        set
        {
            _chunkedAnswers.Clear();
            _state = new FaultState(value);
        }
    }

    /// <summary>The bucket all downloads share, or null when total bandwidth is unlimited.</summary>
    public TokenBucket? TotalBandwidth => _state.Total;

    public RequestFault Decide(EndpointCategory category)
    {
        var state = _state;
        if (!state.Options.Endpoints.TryGetValue(category, out var faults))
        {
            return default;
        }

        var n = Interlocked.Increment(ref state.Requests[(int)category]);
        var status = 0;
        if (FaultState.TakeBurst(state.TooManyBursts, category) || Roll(state, category, n, 1) < faults.TooManyRequestsRate)
        {
            status = 429;
        }
        else if (FaultState.TakeBurst(state.ServerErrorBursts, category) || Roll(state, category, n, 2) < faults.ServerErrorRate)
        {
            status = Roll(state, category, n, 3) < 0.5 ? 500 : 503;
        }

        var latency = faults.LatencyJitter > TimeSpan.Zero ? faults.Latency + (faults.LatencyJitter * Roll(state, category, n, 6)) : faults.Latency;
        return new RequestFault(latency, status, faults.RetryAfter);
    }

    /// <summary>Whether this download fails, and after how many of its <paramref name="length"/> bytes.</summary>
    public DownloadFault DecideDownload(long length)
    {
        var state = _state;
        var faults = state.Options.Download;
        if (length == 0 || (faults.ResetRate <= 0 && faults.TruncateRate <= 0 && state.ResetBurst <= 0 && state.TruncateBurst <= 0))
        {
            return default;
        }

        var n = Interlocked.Increment(ref state.Downloads);
        var cut = Math.Clamp((long)(length * faults.FailAtFraction), 0, length - 1);
        if (FaultState.TakeOne(ref state.ResetBurst) || Roll(state, EndpointCategory.Download, n, 4) < faults.ResetRate)
        {
            return new DownloadFault(DownloadFaultKind.Reset, cut);
        }

        if (FaultState.TakeOne(ref state.TruncateBurst) || Roll(state, EndpointCategory.Download, n, 5) < faults.TruncateRate)
        {
            return new DownloadFault(DownloadFaultKind.Truncate, cut);
        }

        return default;
    }

    /// <summary>Whether signeds3download should answer <c>chunked</c> for this object now (counts the answer).</summary>
    public bool AnswerChunked(StorageObject storage)
    {
        var chunked = _state.Options.Chunked;
        var salt = DeterministicRandom.Mix(unchecked((ulong)_state.Options.Seed) ^ DeterministicRandom.StableHash(storage.ObjectKey));
        if (storage.Length == 0 || DeterministicRandom.ToUnit(salt) >= chunked.Fraction)
        {
            return false;
        }

        return _chunkedAnswers.AddOrUpdate(storage.ObjectKey, 1, (_, count) => count + 1) <= chunked.Times;
    }

    private static double Roll(FaultState state, EndpointCategory category, long n, int purpose) =>
        DeterministicRandom.ToUnit(DeterministicRandom.Mix(state.Salt ^ ((ulong)category << 56) ^ ((ulong)purpose << 48) ^ (ulong)n));

    /// <summary>One configuration's counters; replaced whole when the options change.</summary>
    private sealed class FaultState
    {
        public FaultState(FaultOptions options)
        {
            Options = options;
            Salt = DeterministicRandom.Mix(unchecked((ulong)options.Seed));
            foreach (var (category, faults) in options.Endpoints)
            {
                TooManyBursts[(int)category] = faults.TooManyRequestsBurst;
                ServerErrorBursts[(int)category] = faults.ServerErrorBurst;
            }

            ResetBurst = options.Download.ResetBurst;
            TruncateBurst = options.Download.TruncateBurst;
            Total = options.Bandwidth.TotalBytesPerSecond is { } total ? new TokenBucket(total) : null;
        }

        public FaultOptions Options { get; }

        public ulong Salt { get; }

        public long[] Requests { get; } = new long[CategoryCount];

        public int[] TooManyBursts { get; } = new int[CategoryCount];

        public int[] ServerErrorBursts { get; } = new int[CategoryCount];

        public TokenBucket? Total { get; }

        // Fields, not properties: they are updated with Interlocked.
        public long Downloads;
        public int ResetBurst;
        public int TruncateBurst;

        public static bool TakeBurst(int[] bursts, EndpointCategory category) => TakeOne(ref bursts[(int)category]);

        /// <summary>Decrements a burst counter if it is still positive.</summary>
        public static bool TakeOne(ref int remaining)
        {
            int current;
            do
            {
                current = Volatile.Read(ref remaining);
                if (current <= 0)
                {
                    return false;
                }
            }
            while (Interlocked.CompareExchange(ref remaining, current - 1, current) != current);

            return true;
        }
    }
}
