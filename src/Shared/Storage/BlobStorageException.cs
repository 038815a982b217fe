using Azure;

namespace AccBackup.Storage;

/// <summary>A Blob service request that failed: the one exception <see cref="BlobContainer"/> throws for service and network failures.</summary>
/// <remarks>
/// The SDK's <see cref="RequestFailedException"/> (and its "retry failed" <see cref="AggregateException"/>) mapped in one
/// place, <see cref="From"/>, with what the request was about. Filter with
/// <c>catch (BlobStorageException e) when (e.ErrorCode == BlobErrorCodes.ConditionNotMet)</c>.
/// <see cref="Status"/> is 0 when no response arrived (network failure or timeout after all retries).
/// </remarks>
public sealed class BlobStorageException : Exception
{
    /// <summary>Creates an exception for a failed <paramref name="status"/> with the service's <paramref name="errorCode"/>.</summary>
    public BlobStorageException(int status, string? errorCode, string message, Exception? innerException = null)
        : base(message, innerException)
    {
        Status = status;
        ErrorCode = errorCode;
    }

    /// <summary>The HTTP status, or 0 when the service never answered.</summary>
    public int Status { get; }

    /// <summary>The service's error code, e.g. <see cref="BlobErrorCodes.ConditionNotMet"/>; null when absent.</summary>
    public string? ErrorCode { get; }

    /// <summary>Whether <paramref name="e"/> is a storage failure <see cref="From"/> maps, rather than the caller cancelling or a bug.</summary>
    internal static bool IsStorageFailure(Exception e, CancellationToken cancellationToken) =>
        e is RequestFailedException or AggregateException
        || (e is OperationCanceledException && !cancellationToken.IsCancellationRequested);

    /// <summary>The domain exception for an SDK failure of <paramref name="operation"/>.</summary>
    /// <param name="endpointSetting">The setting that named the endpoint, quoted when the service could not be reached.</param>
    internal static BlobStorageException From(Exception e, BlobOperation operation, string endpointSetting)
    {
        if (e is RequestFailedException { Status: > 0 } failed)
        {
            return FromResponse(failed, operation);
        }

        // No response: connection refused, DNS, TLS, or the network timeout, on every attempt.
        var attempts = e is AggregateException aggregate ? aggregate.InnerExceptions : [e];
        var cause = RootCause(attempts[^1]);
        return new BlobStorageException(
            0,
            null,
            $"{operation} failed: the storage endpoint ({endpointSetting}) could not be reached in {attempts.Count} attempt(s): {cause.GetType().Name}: {cause.Message}",
            cause);
    }

    private static BlobStorageException FromResponse(RequestFailedException failed, BlobOperation operation)
    {
        // The service's one-line message travels as the reason phrase (Azure and Azurite); the SDK's Message adds headers.
        var detail = failed.GetRawResponse()?.ReasonPhrase is { Length: > 0 } reason ? reason : failed.Message.Split('\n', 2)[0].Trim();
        var errorCode = failed.ErrorCode;
        if (IsAzuriteMd5Mismatch(failed, errorCode))
        {
            errorCode = BlobErrorCodes.Md5Mismatch;
        }

        var message = $"{operation} failed: {failed.Status} {errorCode}" + (string.IsNullOrEmpty(detail) ? "." : $" ({detail}).");
        return new BlobStorageException(failed.Status, errorCode, message, failed);
    }

    // The transport's own exception (e.g. "Connection refused (127.0.0.1:10000)") says more than the SDK's wrappers.
    private static Exception RootCause(Exception e) => e switch
    {
        RequestFailedException { InnerException: { } inner } => RootCause(inner),
        AggregateException { InnerExceptions.Count: > 0 } aggregate => RootCause(aggregate.InnerExceptions[^1]),
        _ => e,
    };

    // Azurite answers a wrong Content-MD5 on Put Blob / Put Block with 400 InvalidOperation
    // "Provided contentMD5 doesn't match." where Azure says Md5Mismatch; one code lets callers filter the same way on both.
    private static bool IsAzuriteMd5Mismatch(RequestFailedException failed, string? errorCode) =>
        failed.Status == 400
        && errorCode == "InvalidOperation"
        && failed.Message.Contains("contentMD5 doesn't match", StringComparison.OrdinalIgnoreCase);
}
