using System.Threading.RateLimiting;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Client-side pacing per APS endpoint, sized to the documented quotas, so a healthy run rarely sees a 429.</summary>
/// <remarks>
/// A token bucket per endpoint refills smoothly at (quota × share) per minute with a burst of a twentieth of the
/// quota, so any 60-second window stays under the quota however the calls bunch up.
/// </remarks>
public sealed class ApsQuotaLimiter : IAsyncDisposable
{
    private readonly Dictionary<ApsEndpoint, RateLimiter> limiters = [];

    /// <summary>Creates one limiter per endpoint from the options.</summary>
    public ApsQuotaLimiter(IOptions<ApsOptions> options)
    {
        var settings = options.Value;
        if (!settings.RateLimitingEnabled)
        {
            return;
        }

        foreach (var endpoint in Enum.GetValues<ApsEndpoint>())
        {
            var perMinute = ApsQuotas.PerMinute(endpoint) * settings.QuotaShare;
            limiters[endpoint] = new TokenBucketRateLimiter(new TokenBucketRateLimiterOptions
            {
                TokenLimit = Math.Max(1, (int)(perMinute / 20)),
                TokensPerPeriod = 1,
                ReplenishmentPeriod = TimeSpan.FromMinutes(1 / perMinute),
                QueueLimit = int.MaxValue,
                QueueProcessingOrder = QueueProcessingOrder.OldestFirst,
                AutoReplenishment = true,
            });
        }
    }

    /// <summary>Waits until one more request to <paramref name="endpoint"/> fits in its quota.</summary>
    public async ValueTask AcquireAsync(ApsEndpoint endpoint, CancellationToken cancellationToken)
    {
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
        foreach (var limiter in limiters.Values)
        {
            await limiter.DisposeAsync().ConfigureAwait(false);
        }
    }
}
