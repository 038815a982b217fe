using System.Net;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Settings;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Polly;
using Polly.Retry;
using Polly.Timeout;

namespace AccBackup.Backup.SignedDownloads;

/// <summary>The one retry layer of signed-URL downloads: each GET, its body included, is retried at the HTTP level.</summary>
/// <remarks>
/// A request that names a target buffer (<see cref="BodyTarget"/>) has its body read into it inside the attempt, so a
/// truncated body or a connection reset mid-body is retried like a 5xx. A request that names its lease
/// (<see cref="Lease"/>) gets a fresh signed URL when storage refuses the old one (403: expired) and is sent again.
/// Retry-After is honoured; otherwise the backoff is exponential with jitter. Each attempt is bounded by
/// <c>Copy:TransferTimeout</c>.
/// </remarks>
internal sealed partial class SignedDownloadHandler : DelegatingHandler
{
    /// <summary>Where the body goes (the block's pooled buffer); a body larger than it is left unread.</summary>
    public static readonly HttpRequestOptionsKey<Memory<byte>> BodyTarget = new("acc-backup.body-target");

    /// <summary>The lease whose URL this request uses: renewed when storage answers 403.</summary>
    public static readonly HttpRequestOptionsKey<SignedUrlLease> Lease = new("acc-backup.signed-url-lease");

    private static readonly TimeSpan MaxRetryAfter = TimeSpan.FromMinutes(2);
    private static readonly ResiliencePropertyKey<long> OffsetKey = new("acc-backup.offset");

    private readonly ResiliencePipeline<HttpResponseMessage> pipeline;
    private readonly TimeProvider time;
    private readonly ILogger<SignedDownloadHandler> logger;

    /// <summary>Builds the pipeline from the retry settings of <see cref="BlobCopier.DownloadClientName"/> and the copy options.</summary>
    public SignedDownloadHandler(
        IOptionsMonitor<RetryStrategyOptions<HttpResponseMessage>> retries, IOptions<CopyOptions> copy, TimeProvider time, ILogger<SignedDownloadHandler> logger)
    {
        this.time = time;
        this.logger = logger;
        var settings = retries.Get(BlobCopier.DownloadClientName);
        pipeline = new ResiliencePipelineBuilder<HttpResponseMessage> { TimeProvider = time }
            .AddRetry(new RetryStrategyOptions<HttpResponseMessage>
            {
                MaxRetryAttempts = settings.MaxRetryAttempts,
                Delay = settings.Delay,
                MaxDelay = settings.MaxDelay,
                BackoffType = settings.BackoffType,
                UseJitter = settings.UseJitter,
                ShouldHandle = args => ValueTask.FromResult(IsTransient(args.Outcome, args.Context)),
                DelayGenerator = args => ValueTask.FromResult(DelayBefore(args.Outcome)),
                OnRetry = args =>
                {
                    if (this.logger.IsEnabled(LogLevel.Debug))
                    {
                        var reason = args.Outcome.Exception?.Message ?? $"HTTP {(int)args.Outcome.Result!.StatusCode}";
                        var offset = args.Context.Properties.GetValue(OffsetKey, 0L);
                        Log.Retrying(this.logger, offset, args.AttemptNumber + 1, reason, args.RetryDelay);
                    }

                    return ValueTask.CompletedTask;
                },
            })
            .AddTimeout(copy.Value.TransferTimeout)
            .Build();
    }

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var context = ResilienceContextPool.Shared.Get(cancellationToken);
        context.Properties.Set(OffsetKey, request.Headers.Range?.Ranges.FirstOrDefault()?.From ?? 0);
        try
        {
            return await pipeline.ExecuteAsync(static (ctx, state) => state.Handler.AttemptAsync(state.Request, ctx.CancellationToken), context, (Handler: this, Request: request))
                .ConfigureAwait(false);
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    private async ValueTask<HttpResponseMessage> AttemptAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.Options.TryGetValue(Lease, out var lease))
        {
            // The lease's current URL: the same one unless an earlier attempt was refused and it has been renewed.
            request.RequestUri = (await lease.GetAsync(cancellationToken).ConfigureAwait(false)).Url;
        }

        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        try
        {
            if (response.StatusCode == HttpStatusCode.Forbidden && lease is not null)
            {
                await lease.RenewAsync(request.RequestUri!, cancellationToken).ConfigureAwait(false);
                return response;
            }

            if (response.IsSuccessStatusCode && request.Options.TryGetValue(BodyTarget, out var target)
                && response.Content.Headers.ContentLength is { } length && length <= target.Length)
            {
                response.Content = await BufferAsync(response.Content, target[..(int)length], cancellationToken).ConfigureAwait(false);
            }

            return response;
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }

    private static async Task<HttpContent> BufferAsync(HttpContent content, Memory<byte> target, CancellationToken cancellationToken)
    {
        using (content)
        {
            var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                var read = await stream.ReadAtLeastAsync(target, target.Length, throwOnEndOfStream: false, cancellationToken).ConfigureAwait(false);
                if (read < target.Length)
                {
                    throw new HttpRequestException(HttpRequestError.ResponseEnded, $"body ended after {read} of {target.Length} bytes");
                }
            }

            var buffered = new ReadOnlyMemoryContent(target);
            foreach (var header in content.Headers)
            {
                buffered.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }

            return buffered;
        }
    }

    private static bool IsTransient(Outcome<HttpResponseMessage> outcome, ResilienceContext context) => outcome switch
    {
        { Exception: HttpRequestException or IOException or TimeoutRejectedException } => !context.CancellationToken.IsCancellationRequested,
        { Result.StatusCode: HttpStatusCode.TooManyRequests or HttpStatusCode.RequestTimeout or >= HttpStatusCode.InternalServerError } => true,
        { Result: { StatusCode: HttpStatusCode.Forbidden, RequestMessage: { } sent } } => sent.Options.TryGetValue(Lease, out _),
        _ => false,
    };

    private TimeSpan? DelayBefore(Outcome<HttpResponseMessage> outcome)
    {
        if (outcome.Result is not { } response)
        {
            return null;
        }

        if (response.StatusCode == HttpStatusCode.Forbidden)
        {
            return TimeSpan.Zero; // a fresh URL, not a wait, is what a refused one needs
        }

        var after = response.Headers.RetryAfter switch
        {
            { Delta: { } delta } => delta,
            { Date: { } date } => date - time.GetUtcNow(),
            _ => (TimeSpan?)null,
        };
        return after is { } wait ? TimeSpan.FromTicks(Math.Clamp(wait.Ticks, 0, MaxRetryAfter.Ticks)) : null;
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 2002, Level = LogLevel.Debug, Message = "Download at offset {Offset} retry {Attempt} after {Reason}; waiting {Delay}")]
        public static partial void Retrying(ILogger logger, long offset, int attempt, string reason, TimeSpan delay);
    }
}
