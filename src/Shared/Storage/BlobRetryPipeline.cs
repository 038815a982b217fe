using System.Net;
using Microsoft.Extensions.Logging;
using Polly;
using Polly.Retry;
using Polly.Timeout;

namespace AccBackup.Storage;

/// <summary>The retry policy for every Blob request: transient failures only, exponential backoff with jitter, a timeout per attempt.</summary>
/// <remarks>
/// Retried: 408, 429, 500, 502, 503, 504, network errors and attempt timeouts. Never other 4xx: a failed condition or
/// an MD5 mismatch will not change by asking again. The callback builds a fresh request per attempt.
/// </remarks>
internal static class BlobRetryPipeline
{
    /// <summary>Total attempts per request, the first included.</summary>
    public const int MaxAttempts = 4;

    /// <summary>The first retry's median delay; later ones double.</summary>
    public static readonly TimeSpan DefaultBaseDelay = TimeSpan.FromSeconds(1);

    /// <summary>The longest wait between attempts, also the cap on a server's Retry-After.</summary>
    public static readonly TimeSpan MaxDelay = TimeSpan.FromSeconds(30);

    /// <summary>The context key carrying what the request is about, for the retry log.</summary>
    public static readonly ResiliencePropertyKey<BlobOperation> Operation = new("blob.operation");

    /// <summary>Builds the pipeline: retry outside, per-attempt timeout inside.</summary>
    public static ResiliencePipeline<HttpResponseMessage> Create(
        TimeSpan attemptTimeout, TimeSpan baseDelay, ILogger logger, TimeProvider timeProvider) =>
        new ResiliencePipelineBuilder<HttpResponseMessage> { TimeProvider = timeProvider }
            .AddRetry(new RetryStrategyOptions<HttpResponseMessage>
            {
                MaxRetryAttempts = MaxAttempts - 1,
                BackoffType = DelayBackoffType.Exponential,
                UseJitter = true,
                Delay = baseDelay,
                MaxDelay = MaxDelay,
                ShouldHandle = new PredicateBuilder<HttpResponseMessage>()
                    .Handle<HttpRequestException>()
                    .Handle<TimeoutRejectedException>()
                    .HandleResult(static response => IsTransient(response.StatusCode)),
                DelayGenerator = args => new ValueTask<TimeSpan?>(RetryAfter(args.Outcome.Result, timeProvider)),
                OnRetry = args =>
                {
                    var failure = args.Outcome.Result is { } response
                        ? ((int)response.StatusCode).ToString(System.Globalization.CultureInfo.InvariantCulture)
                        : args.Outcome.Exception?.GetType().Name ?? "unknown";
                    var operation = args.Context.Properties.GetValue(Operation, new BlobOperation("Request", "?"));
                    Log.Retrying(
                        logger,
                        operation.Name,
                        operation.Target,
                        args.AttemptNumber + 1,
                        failure,
                        args.RetryDelay.TotalMilliseconds,
                        args.Outcome.Exception);
                    return default;
                },
            })
            .AddTimeout(attemptTimeout)
            .Build();

    /// <summary>Whether a response status is worth another attempt.</summary>
    public static bool IsTransient(HttpStatusCode status) => status is HttpStatusCode.RequestTimeout
        or HttpStatusCode.TooManyRequests
        or HttpStatusCode.InternalServerError
        or HttpStatusCode.BadGateway
        or HttpStatusCode.ServiceUnavailable
        or HttpStatusCode.GatewayTimeout;

    // The server's Retry-After wins over the computed backoff when it sends one; null keeps the backoff.
    private static TimeSpan? RetryAfter(HttpResponseMessage? response, TimeProvider timeProvider)
    {
        var retryAfter = response?.Headers.RetryAfter;
        var delay = retryAfter?.Delta ?? (retryAfter?.Date is { } date ? date - timeProvider.GetUtcNow() : null);
        return delay is { } wait && wait > TimeSpan.Zero ? (wait < MaxDelay ? wait : MaxDelay) : null;
    }
}
