using Azure.Core;
using Azure.Core.Pipeline;
using Microsoft.Extensions.Logging;

namespace AccBackup.Storage;

/// <summary>The SDK's own retry policy, unchanged in what it retries and how long it waits, plus one warning per retry in our log.</summary>
/// <remarks>Logs the method and path only: the query may carry a SAS, the headers a key or a token.</remarks>
internal sealed class BlobRetryPolicy(BlobRetrySettings settings, ILogger logger)
    : RetryPolicy(settings.MaxRetries, DelayStrategy.CreateExponentialDelayStrategy(settings.Delay, settings.MaxDelay))
{
    private const string AttemptsProperty = "AccBackup.Storage.FailedAttempts";

    /// <inheritdoc />
    protected override async ValueTask<bool> ShouldRetryAsync(HttpMessage message, Exception? exception)
    {
        var retry = await base.ShouldRetryAsync(message, exception).ConfigureAwait(false);
        Report(message, exception, retry);
        return retry;
    }

    /// <inheritdoc />
    protected override bool ShouldRetry(HttpMessage message, Exception? exception)
    {
        var retry = base.ShouldRetry(message, exception);
        Report(message, exception, retry);
        return retry;
    }

    private void Report(HttpMessage message, Exception? exception, bool retry)
    {
        // The attempt number lives on the message: one policy instance serves every request.
        var attempt = (message.TryGetProperty(AttemptsProperty, out var value) && value is int failed ? failed : 0) + 1;
        message.SetProperty(AttemptsProperty, attempt);
        if (!retry)
        {
            return;
        }

        var failure = exception is null && message.HasResponse
            ? message.Response.Status.ToString(System.Globalization.CultureInfo.InvariantCulture)
            : exception?.GetBaseException().GetType().Name ?? "no response";
        Log.Retrying(logger, message.Request.Method.Method, message.Request.Uri.Path, attempt, failure, exception);
    }
}
