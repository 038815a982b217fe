using System.Globalization;

namespace AccBackup.Storage;

/// <summary>Stamps every request with the service version, the request time and a client request id.</summary>
/// <remarks>
/// Runs on every attempt, so a retried request carries a fresh x-ms-date (the service refuses signatures older than
/// 15 minutes). Placed before the authentication handler so the Shared Key signature covers these headers.
/// </remarks>
internal sealed class StorageRequestHeadersHandler : DelegatingHandler
{
    /// <summary>The Blob service REST version this client speaks; Azurite 3.35 knows it without --skipApiVersionCheck.</summary>
    internal const string ServiceVersion = "2024-11-04";

    private readonly TimeProvider timeProvider;

    /// <summary>Creates a handler reading the clock from <paramref name="timeProvider"/>.</summary>
    public StorageRequestHeadersHandler(TimeProvider timeProvider) => this.timeProvider = timeProvider;

    /// <inheritdoc />
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var headers = request.Headers;
        headers.Remove(BlobHeaders.Date);
        headers.TryAddWithoutValidation(BlobHeaders.Date, timeProvider.GetUtcNow().ToString("R", CultureInfo.InvariantCulture));
        headers.Remove(BlobHeaders.Version);
        headers.TryAddWithoutValidation(BlobHeaders.Version, ServiceVersion);
        if (!headers.Contains(BlobHeaders.ClientRequestId))
        {
            headers.TryAddWithoutValidation(BlobHeaders.ClientRequestId, Guid.NewGuid().ToString());
        }

        return base.SendAsync(request, cancellationToken);
    }
}
