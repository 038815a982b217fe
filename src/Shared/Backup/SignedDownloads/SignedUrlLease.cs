using AccBackup.Acc;

namespace AccBackup.Backup.SignedDownloads;

/// <summary>The signed URL of one object for the length of one copy: fetched once, renewed when it expires.</summary>
internal sealed class SignedUrlLease(ApsOssClient oss, OssObject storage, TimeProvider time) : IDisposable
{
    // A request must start before expiry; keep a margin for the request's own latency.
    private static readonly TimeSpan Margin = TimeSpan.FromSeconds(15);

    private readonly SemaphoreSlim gate = new(1, 1);
    private SignedDownload? current;

    /// <summary>What APS promised about the object (size, sha1) in its latest answer.</summary>
    public SignedDownload? Promised => current;

    /// <summary>A URL that is not about to expire.</summary>
    public async Task<SignedDownload> GetAsync(CancellationToken cancellationToken)
    {
        var lease = current;
        if (lease is not null && lease.ExpiresAt - Margin > time.GetUtcNow())
        {
            return lease;
        }

        return await RenewAsync(lease, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Replaces <paramref name="stale"/> (storage answered 403) with a fresh URL, once for all waiting callers.</summary>
    public async Task<SignedDownload> RenewAsync(SignedDownload? stale, CancellationToken cancellationToken)
    {
        await gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (current is not null && !ReferenceEquals(current, stale))
            {
                return current;
            }

            current = await oss.GetSignedDownloadAsync(storage, cancellationToken).ConfigureAwait(false);
            return current;
        }
        finally
        {
            gate.Release();
        }
    }

    /// <summary>Replaces the URL storage refused, unless another caller already has; returns the URL to use now.</summary>
    public async Task<SignedDownload> RenewAsync(Uri refused, CancellationToken cancellationToken)
    {
        var seen = current;
        return await RenewAsync(seen is not null && seen.Url == refused ? seen : null, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public void Dispose() => gate.Dispose();
}
