using AccEmulator.Endpoints;

namespace AccEmulator.Quotas;

/// <summary>Fixed-window counters per endpoint category, on the emulator's clock.</summary>
/// <remarks>A fixed window (not a sliding one) is what lets a client that waits <c>Retry-After</c> succeed next.</remarks>
internal sealed class QuotaLimiter(TimeProvider clock, QuotaOptions options)
{
    private readonly Lock _gate = new();
    private readonly Dictionary<(EndpointCategory, string?), (DateTimeOffset Start, int Count)> _windows = [];
    private QuotaOptions _options = options;

    public QuotaOptions Options
    {
        get => _options;
        set
        {
            lock (_gate)
            {
                _options = value;
                _windows.Clear();
            }
        }
    }

    /// <summary>Counts one request; false with the time until the window reopens when over quota.</summary>
    public bool TryAcquire(EndpointCategory category, out TimeSpan retryAfter) => TryAcquire(category, null, out retryAfter);

    /// <summary>Counts one request of <paramref name="user"/> against a per-user quota (<see cref="QuotaOptions.PerUserLimits"/>)
    /// or, with no user, against the app's quota (<see cref="QuotaOptions.Limits"/>).</summary>
    public bool TryAcquire(EndpointCategory category, string? user, out TimeSpan retryAfter)
    {
        retryAfter = TimeSpan.Zero;
        var options = _options;
        if (!options.Enabled || !(user is null ? options.Limits : options.PerUserLimits).TryGetValue(category, out var limit))
        {
            return true;
        }

        var now = clock.GetUtcNow();
        lock (_gate)
        {
            if (!_windows.TryGetValue((category, user), out var window) || now >= window.Start + options.Window)
            {
                window = (now, 0);
            }

            if (window.Count >= limit)
            {
                retryAfter = window.Start + options.Window - now;
                return false;
            }

            _windows[(category, user)] = (window.Start, window.Count + 1);
            return true;
        }
    }
}
