using System.Net;
using AccBackup.Acc;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Polly;
using Polly.Retry;
using Polly.Timeout;

namespace AccBackup.Retry;

/// <summary>Retries for APS calls: 429, 5xx, 408, timeouts and dropped connections are retried for up to
/// <c>Aps:Retry:MaxDuration</c>, honouring Retry-After and otherwise backing off exponentially up to <c>Aps:Retry:MaxDelay</c>.</summary>
/// <remarks>An unreachable base URL (<see cref="ApsUnreachableCause"/>) gets only a few quick attempts, then fails naming the setting.</remarks>
public sealed partial class ApsResilience
{
    private static readonly TimeSpan MaxRetryAfter = TimeSpan.FromMinutes(2);
    private static readonly ResiliencePropertyKey<ApsRetryWatch> WatchKey = new("acc-backup.retry");

    private readonly ResiliencePipeline pipeline;
    private readonly ApsOptions settings;
    private readonly ApsRetryMonitor monitor;
    private readonly TimeProvider time;
    private readonly ILogger<ApsResilience> logger;

    /// <summary>Builds the pipeline from the options.</summary>
    public ApsResilience(IOptions<ApsOptions> options, ApsRetryMonitor monitor, TimeProvider time, ILogger<ApsResilience> logger)
    {
        settings = options.Value;
        this.monitor = monitor;
        this.time = time;
        this.logger = logger;
        pipeline = new ResiliencePipelineBuilder { TimeProvider = time }
            .AddRetry(new RetryStrategyOptions
            {
                // The budget, not a count, ends the retrying: ShouldRetry checks the time spent.
                MaxRetryAttempts = int.MaxValue,
                ShouldHandle = args => ValueTask.FromResult(ShouldRetry(args.Outcome.Exception, args.AttemptNumber, WatchOf(args.Context))),
                DelayGenerator = args => ValueTask.FromResult<TimeSpan?>(DelayBefore(args.AttemptNumber, args.Outcome.Exception, WatchOf(args.Context))),
                OnRetry = args =>
                {
                    OnRetry(WatchOf(args.Context), args.Outcome.Exception, args.AttemptNumber, args.RetryDelay);
                    return ValueTask.CompletedTask;
                },
            })
            .AddTimeout(settings.AttemptTimeout)
            .Build();
    }

    /// <summary>Runs one APS call with retries; a failure left when Aps:Retry:MaxDuration is spent becomes <see cref="ApsUnavailableException"/>.</summary>
    public async Task<T> ExecuteAsync<T>(ApsEndpoint endpoint, Func<CancellationToken, ValueTask<T>> attempt, CancellationToken cancellationToken)
    {
        var watch = new ApsRetryWatch(endpoint, time.GetTimestamp());
        var context = ResilienceContextPool.Shared.Get(cancellationToken);
        context.Properties.Set(WatchKey, watch);
        try
        {
            return await pipeline.ExecuteAsync(static (ctx, call) => call(ctx.CancellationToken), context, attempt).ConfigureAwait(false);
        }
        catch (Exception e) when (ApsUnreachableCause.Of(e, settings.BaseUrl) is { } cause && !cancellationToken.IsCancellationRequested)
        {
            Log.Unreachable(logger, endpoint.ToString(), settings.BaseUrl, cause);
            throw new ApsUnreachableException(endpoint, settings.BaseUrl, cause, e);
        }
        catch (Exception e) when (IsTransient(e) && !cancellationToken.IsCancellationRequested)
        {
            var waited = time.GetElapsedTime(watch.Started);
            var status = (e as ApsTransientException)?.Status;
            throw new ApsUnavailableException(endpoint, status,
                $"APS {endpoint} still failing after {Seconds(waited)} of retrying ({Describe(e)}): retrying longer than {ApsRetryOptions.SectionName}:MaxDuration ({settings.Retry.MaxDuration}).", e);
        }
        finally
        {
            monitor.Ended(watch);
            ResilienceContextPool.Shared.Return(context);
        }
    }

    internal static bool IsTransient(Exception e) =>
        e is ApsTransientException or HttpRequestException or TimeoutRejectedException or IOException
        || (e is TaskCanceledException && e.InnerException is TimeoutException);

    private static ApsRetryWatch WatchOf(ResilienceContext context) => context.Properties.GetValue(WatchKey, null!);

    private bool ShouldRetry(Exception? e, int attemptNumber, ApsRetryWatch watch)
    {
        if (e is null || !IsTransient(e))
        {
            return false;
        }

        if (ApsUnreachableCause.Of(e, settings.BaseUrl) is not null)
        {
            return attemptNumber < ApsUnreachableCause.Retries && settings.Retry.MaxDuration > TimeSpan.Zero;
        }

        return time.GetElapsedTime(watch.Started) < settings.Retry.MaxDuration;
    }

    private TimeSpan DelayBefore(int attemptNumber, Exception? e, ApsRetryWatch watch)
    {
        var delay = e is ApsTransientException { RetryAfter: { } after }
            ? (after > MaxRetryAfter ? MaxRetryAfter : after)
            : Backoff(attemptNumber);

        // Never sleep past the budget: the last attempt comes when it is spent.
        var left = settings.Retry.MaxDuration - time.GetElapsedTime(watch.Started);
        return delay < left ? delay : (left > TimeSpan.Zero ? left : TimeSpan.Zero);
    }

    private TimeSpan Backoff(int attemptNumber)
    {
        // Exponential from Retry.BaseDelay, capped, with ±25 % jitter so parallel requests do not retry in step.
        var exponential = settings.Retry.BaseDelay.TotalMilliseconds * Math.Pow(2, Math.Min(attemptNumber, 30));
        var capped = Math.Min(exponential, settings.Retry.MaxDelay.TotalMilliseconds);
        return TimeSpan.FromMilliseconds(capped * (0.75 + (Random.Shared.NextDouble() * 0.5)));
    }

    private void OnRetry(ApsRetryWatch watch, Exception? e, int attemptNumber, TimeSpan delay)
    {
        watch.Reason = FailureReason(e);
        monitor.Waiting(watch);
        var waited = time.GetElapsedTime(watch.Started);
        var endpoint = watch.Endpoint.ToString();
        var reason = Describe(e);
        if (waited >= settings.Retry.WarnAfter && settings.Retry.WarnAfter > TimeSpan.Zero && watch.TryWarn())
        {
            Log.StillRetrying(logger, endpoint, reason, waited, settings.Retry.MaxDuration);
        }

        Log.Retrying(logger, endpoint, attemptNumber + 1, reason, delay);
    }

    private static string FailureReason(Exception? e) => e switch
    {
        ApsTransientException { Status: { } status } => ((int)status).ToString(System.Globalization.CultureInfo.InvariantCulture),
        TimeoutRejectedException => "timeout",
        TaskCanceledException => "timeout",
        _ => "network",
    };

    private static string Seconds(TimeSpan t) => t.TotalSeconds < 10 ? $"{t.TotalSeconds:0.#} s" : $"{Math.Round(t.TotalSeconds):0} s";

    private static string Describe(Exception? e) => e switch
    {
        ApsTransientException t when t.Status == HttpStatusCode.TooManyRequests => "429 quota exceeded",
        ApsTransientException t => $"HTTP {(int)t.Status!}",
        HttpRequestException { HttpRequestError: not HttpRequestError.Unknown } h => $"{h.HttpRequestError}: {h.Message}",
        TimeoutRejectedException => "attempt timed out",
        null => "unknown",
        _ => e.GetType().Name + ": " + e.Message,
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 1010, Level = LogLevel.Information, Message = "APS {Endpoint} retry {Attempt} after {Reason}; waiting {Delay}")]
        public static partial void Retrying(ILogger logger, string endpoint, int attempt, string reason, TimeSpan delay);

        [LoggerMessage(EventId = 1011, Level = LogLevel.Error, Message = "APS {Endpoint} unreachable at Aps:BaseUrl = {BaseUrl} ({Cause}); not retrying further")]
        public static partial void Unreachable(ILogger logger, string endpoint, Uri baseUrl, string cause);

        [LoggerMessage(EventId = 1012, Level = LogLevel.Warning, Message = "APS {Endpoint} still answering {Status} after {Waited} of retrying; retrying for up to Aps:Retry:MaxDuration = {Budget}")]
        public static partial void StillRetrying(ILogger logger, string endpoint, string status, TimeSpan waited, TimeSpan budget);
    }
}
