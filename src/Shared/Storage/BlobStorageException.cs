using System.Xml;
using System.Xml.Linq;

namespace AccBackup.Storage;

/// <summary>A Blob service request that failed: the one exception this client throws for service and network failures.</summary>
/// <remarks>
/// Like the SDK's <c>RequestFailedException</c>: filter with <c>catch (BlobStorageException e) when (e.ErrorCode == BlobErrorCodes.ConditionNotMet)</c>.
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

    /// <summary>The service's error code (x-ms-error-code), e.g. <see cref="BlobErrorCodes.ConditionNotMet"/>; null when absent.</summary>
    public string? ErrorCode { get; }

    /// <summary>Throws the exception for <paramref name="response"/> unless it succeeded.</summary>
    internal static async Task ThrowIfFailedAsync(HttpResponseMessage response, BlobOperation operation, CancellationToken cancellationToken)
    {
        if (!response.IsSuccessStatusCode)
        {
            throw await FromResponseAsync(response, operation, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Builds the exception for a failed <paramref name="response"/>, reading the error body's first line when there is one.</summary>
    internal static async Task<BlobStorageException> FromResponseAsync(
        HttpResponseMessage response, BlobOperation operation, CancellationToken cancellationToken)
    {
        var errorCode = BlobHeaders.ReadErrorCode(response.Headers);
        string? detail = null;
        try
        {
            var body = await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
            if (body.Length > 0)
            {
                var error = XDocument.Parse(body).Root;
                errorCode ??= error?.Element("Code")?.Value;

                // Only the first line: later lines of an authentication error describe the signature.
                detail = error?.Element("Message")?.Value.Split('\n', 2)[0].Trim();
            }
        }
        catch (XmlException)
        {
            // Not an XML error body (e.g. a proxy's page): status and header still tell the story.
        }
        catch (Exception e) when (e is HttpRequestException or IOException)
        {
            // The body could not be read; report what the headers say.
        }

        var status = (int)response.StatusCode;
        if (IsAzuriteMd5Mismatch(status, errorCode, detail))
        {
            errorCode = BlobErrorCodes.Md5Mismatch;
        }

        var message = $"{operation} failed: {status} {errorCode ?? response.ReasonPhrase}"
            + (string.IsNullOrEmpty(detail) ? "." : $" ({detail}).");
        return new BlobStorageException(status, errorCode, message);
    }

    // Azurite (3.35) answers a wrong Content-MD5 on Put Blob / Put Block with 400 InvalidOperation
    // "Provided contentMD5 doesn't match." where Azure says Md5Mismatch; one code lets callers filter the same way on both.
    private static bool IsAzuriteMd5Mismatch(int status, string? errorCode, string? detail) =>
        status == 400
        && errorCode == "InvalidOperation"
        && detail is not null
        && detail.Contains("contentMD5 doesn't match", StringComparison.OrdinalIgnoreCase);
}
