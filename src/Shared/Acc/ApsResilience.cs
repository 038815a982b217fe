using System.Net;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Polly;
using Polly.Retry;
using Polly.Timeout;

namespace AccBackup.Acc;

/// <summary>Retries for APS calls: Retry-After on 429, exponential backoff with jitter on 5xx/408/network, bounded.</summary>
/// <remarks>An unreachable base URL (<see cref="ApsUnreachableCause"/>) gets only a few quick attempts, then fails naming the setting.</remarks>
public sealed partial class ApsResilience
{
    private static readonly TimeSpan MaxRetryAfter = TimeSpan.FromMinutes(2);

    private readonly ResiliencePipeline pipeline;
    private readonly ILogger<ApsResilience> logger;
    private readonly Uri baseUrl;

    /// <summary>Builds the pipeline from the options.</summary>
    public ApsResilience(IOptions<ApsOptions> options, TimeProvider time, ILogger<ApsResilience> logger)
    {
        this.logger = logger;
        var settings = options.Value;
        baseUrl = settings.BaseUrl;
        pipeline = new ResiliencePipelineBuilder { TimeProvider = time }
            .AddTimeout(settings.TotalTimeout)
            .AddRetry(new RetryStrategyOptions
            {
                MaxRetryAttempts = Math.Max(1, settings.MaxRetryAttempts),
                BackoffType = DelayBackoffType.Exponential,
                UseJitter = true,
                Delay = settings.RetryBaseDelay,
                MaxDelay = TimeSpan.FromSeconds(30),
                ShouldHandle = args => ValueTask.FromResult(settings.MaxRetryAttempts > 0 && ShouldRetry(args.Outcome.Exception, args.AttemptNumber)),
                DelayGenerator = args => ValueTask.FromResult(RetryAfterOf(args.Outcome.Exception)),
                OnRetry = args =>
                {
                    if (logger.IsEnabled(LogLevel.Information))
                    {
                        var endpoint = EndpointOf(args.Outcome.Exception);
                        var reason = Describe(args.Outcome.Exception);
                        Log.Retrying(logger, endpoint, args.AttemptNumber + 1, reason, args.RetryDelay);
                    }

                    return ValueTask.CompletedTask;
                },
            })
            .AddTimeout(settings.AttemptTimeout)
            .Build();
    }

    /// <summary>Runs one APS call with retries; a failure left after the last retry becomes <see cref="ApsUnavailableException"/>.</summary>
    public async Task<T> ExecuteAsync<T>(ApsEndpoint endpoint, Func<CancellationToken, ValueTask<T>> attempt, CancellationToken cancellationToken)
    {
        try
        {
            return await pipeline.ExecuteAsync(attempt, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (ApsUnreachableCause.Of(e, baseUrl) is { } cause && !cancellationToken.IsCancellationRequested)
        {
            Log.Unreachable(logger, endpoint.ToString(), baseUrl, cause);
            throw new ApsUnreachableException(endpoint, baseUrl, cause, e);
        }
        catch (Exception e) when (IsTransient(e) && !cancellationToken.IsCancellationRequested)
        {
            var status = (e as ApsTransientException)?.Status;
            throw new ApsUnavailableException(endpoint, status,
                $"APS {endpoint} still failing after retries: {Describe(e)}.", e);
        }
    }

    private bool ShouldRetry(Exception? e, int attemptNumber) =>
        e is not null && IsTransient(e) && (attemptNumber < ApsUnreachableCause.Retries || ApsUnreachableCause.Of(e, baseUrl) is null);

    internal static bool IsTransient(Exception e) =>
        e is ApsTransientException or HttpRequestException or TimeoutRejectedException or IOException
        || (e is TaskCanceledException && e.InnerException is TimeoutException);

    private static TimeSpan? RetryAfterOf(Exception? e) =>
        e is ApsTransientException { RetryAfter: { } after } ? (after > MaxRetryAfter ? MaxRetryAfter : after) : null;

    private static string EndpointOf(Exception? e) => e is ApsException aps ? aps.Endpoint.ToString() : "request";

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
    }
}
