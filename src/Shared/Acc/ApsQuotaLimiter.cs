using System.Threading.RateLimiting;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Client-side pacing per APS endpoint, sized to the documented quotas, so a healthy run rarely sees a 429.</summary>
/// <remarks>
/// <see cref="ApsQuotaScope.Process"/>: a token bucket per endpoint refills smoothly at (quota × share) per window with
/// a burst of a twentieth of the quota, so any window stays under the quota however this process's calls bunch up.
/// <see cref="ApsQuotaScope.Shared"/>: every process takes from one budget per endpoint (<see cref="IApsQuotaBudget"/>),
/// counted in clock-aligned slices (<see cref="ApsQuotaWindows"/>), so scaled-out instances stay under it together.
/// </remarks>
public sealed class ApsQuotaLimiter : IAsyncDisposable
{
    private readonly Dictionary<ApsEndpoint, RateLimiter> limiters = [];
    private readonly Dictionary<ApsEndpoint, SharedQuotaGate> shared = [];

    /// <summary>Creates one limiter per endpoint from the options; <paramref name="budget"/> is required for the Shared scope.</summary>
    /// <exception cref="InvalidOperationException">Aps:QuotaScope is Shared but the host registered no <see cref="IApsQuotaBudget"/>.</exception>
    public ApsQuotaLimiter(IOptions<ApsOptions> options, TimeProvider time, IApsQuotaBudget? budget = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(time);
        var settings = options.Value;
        if (!settings.RateLimitingEnabled)
        {
            return;
        }

        if (settings.QuotaScope == ApsQuotaScope.Shared)
        {
            if (budget is null)
            {
                throw new InvalidOperationException(
                    $"{ApsOptions.SectionName}:QuotaScope is Shared, but this host keeps no shared quota budget; use Process here.");
            }

            var windows = new ApsQuotaWindows(settings.QuotaWindow, settings.QuotaShare);
            foreach (var endpoint in Enum.GetValues<ApsEndpoint>())
            {
                shared[endpoint] = new SharedQuotaGate(endpoint, windows, budget, time);
            }

            return;
        }

        foreach (var endpoint in Enum.GetValues<ApsEndpoint>())
        {
            var perWindow = ApsQuotas.PerMinute(endpoint) * (settings.QuotaWindow / TimeSpan.FromMinutes(1)) * settings.QuotaShare;
            limiters[endpoint] = new TokenBucketRateLimiter(new TokenBucketRateLimiterOptions
            {
                TokenLimit = Math.Max(1, (int)(perWindow / 20)),
                TokensPerPeriod = 1,
                ReplenishmentPeriod = settings.QuotaWindow / perWindow,
                QueueLimit = int.MaxValue,
                QueueProcessingOrder = QueueProcessingOrder.OldestFirst,
                AutoReplenishment = true,
            });
        }
    }

    /// <summary>Waits until one more request to <paramref name="endpoint"/> fits in its quota.</summary>
    public async ValueTask AcquireAsync(ApsEndpoint endpoint, CancellationToken cancellationToken)
    {
        if (shared.TryGetValue(endpoint, out var gate))
        {
            await gate.AcquireAsync(cancellationToken).ConfigureAwait(false);
            return;
        }

        if (!limiters.TryGetValue(endpoint, out var limiter))
        {
            return;
        }

        using var lease = await limiter.AcquireAsync(1, cancellationToken).ConfigureAwait(false);
        if (!lease.IsAcquired)
        {
            throw new InvalidOperationException($"The client-side quota for APS {endpoint} refused a permit.");
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        foreach (var gate in shared.Values)
        {
            gate.Dispose();
        }

        foreach (var limiter in limiters.Values)
        {
            await limiter.DisposeAsync().ConfigureAwait(false);
        }
    }
}
