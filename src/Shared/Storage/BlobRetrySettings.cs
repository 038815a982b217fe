namespace AccBackup.Storage;

/// <summary>How the SDK's retry policy treats storage requests: a few quick retries, then the failure surfaces.</summary>
/// <param name="MaxRetries">Retries after the first attempt. Default 3, so 4 attempts.</param>
/// <param name="Delay">The first retry's delay; later ones double (with jitter). Default 0.5 s.</param>
/// <param name="MaxDelay">The longest wait between attempts. Default 10 s.</param>
/// <param name="RequestTimeout">Network timeout of requests that carry no blob bytes (properties, listing, deletes). Default 20 s.</param>
/// <remarks>
/// An unreachable endpoint (connection refused) therefore fails in about 3.5 s. Requests that carry or return blob
/// bytes use <see cref="BlobStorageOptions.AttemptTimeout"/> instead: a 100 MiB block on a slow link needs minutes.
/// Retried by the SDK: 408, 429, 500, 502, 503, 504, network errors and timeouts; never other 4xx.
/// </remarks>
internal sealed record BlobRetrySettings(int MaxRetries, TimeSpan Delay, TimeSpan MaxDelay, TimeSpan RequestTimeout)
{
    /// <summary>The settings every host uses.</summary>
    public static BlobRetrySettings Default { get; } = new(3, TimeSpan.FromMilliseconds(500), TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(20));
}
