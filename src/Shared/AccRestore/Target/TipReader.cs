using System.Security.Cryptography;
using AccBackup.Acc;
using AccBackup.AccRestore.Planning;

namespace AccBackup.AccRestore.Target;

/// <summary>Reads a version's bytes back from ACC and hashes them: how a plan decides where the manifest cannot (same size,
/// another storage object). Each read costs one OSS call and the bytes.</summary>
public sealed class TipReader(ApsOssClient oss, HttpClient http)
{
    private readonly Dictionary<string, string> known = new(StringComparer.Ordinal);
    private readonly Lock gate = new();

    /// <summary>Objects read back so far.</summary>
    public int Reads { get; private set; }

    /// <summary>The lower-case hex SHA-256 of <paramref name="storage"/>'s bytes.</summary>
    public async Task<string> Sha256Async(OssObject storage, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storage);
        var key = storage.BucketKey + "/" + storage.ObjectKey;
        lock (gate)
        {
            if (known.TryGetValue(key, out var hash))
            {
                return hash;
            }
        }

        var signed = await oss.GetSignedDownloadAsync(storage, cancellationToken).ConfigureAwait(false);
        using var response = await http.GetAsync(signed.Url, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        if (!response.IsSuccessStatusCode)
        {
            throw new ApsRequestException(ApsEndpoint.SignedDownload, response.StatusCode,
                $"Reading back object '{storage.ObjectKey}' answered {(int)response.StatusCode}.");
        }

        var body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (body.ConfigureAwait(false))
        {
            var sha = Convert.ToHexStringLower(await SHA256.HashDataAsync(body, cancellationToken).ConfigureAwait(false));
            lock (gate)
            {
                known[key] = sha;
                Reads++;
            }

            return sha;
        }
    }

    /// <summary>Whether <paramref name="tip"/> holds <paramref name="night"/>'s bytes: the same storage object; else the same size and,
    /// read back, the same SHA-256 (a copy only checked by size: the same size).</summary>
    public async Task<bool> HoldsAsync(AccFileVersion? tip, StoredVersionRef night, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(night);
        if (tip?.Storage is not { } storage)
        {
            return false;
        }

        if (night.Storage is { } stored && stored == storage.BucketKey + "/" + storage.ObjectKey)
        {
            return true;
        }

        if (tip.StorageSize is { } size && size != night.Size)
        {
            return false;
        }

        return night.Sha256.Length == 0
            ? tip.StorageSize == night.Size
            : string.Equals(await Sha256Async(storage, cancellationToken).ConfigureAwait(false), night.Sha256, StringComparison.OrdinalIgnoreCase);
    }
}
