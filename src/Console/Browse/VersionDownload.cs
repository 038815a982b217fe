using AccBackup.BackupConsole.Api;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;

namespace AccBackup.BackupConsole.Browse;

/// <summary>One stored version's bytes, found as <c>restore --path … --version N</c> finds them (the newest kept night holding
/// a copy), handed out as a short-lived user delegation link when the host signs with Microsoft Entra ID (Azure), or read by
/// the host for it to stream (a connection string: the local console, Azurite).</summary>
internal sealed class VersionDownload(BlobContainer container, ManifestReader reader, FileHistory history, TimeProvider time)
{
    /// <summary>How long a download link stays valid: long enough to start a download, short enough that a copied link soon stops working.</summary>
    public static readonly TimeSpan LinkLifetime = TimeSpan.FromMinutes(5);

    /// <summary>The stored copy of version <paramref name="version"/> of the file at <paramref name="path"/>.</summary>
    /// <exception cref="ConsoleRequestException">No kept night holds that version.</exception>
    public async Task<VersionCopy> FindAsync(string path, int version, CancellationToken cancellationToken)
    {
        var runId = await history.NewestRunHoldingAsync(path, version, cancellationToken).ConfigureAwait(false)
            ?? throw ConsoleRequestException.NotFound($"no kept night holds version {version} of '{path}'");
        var copies = await StoredFiles.ReadCopiesAsync(reader, runId, e => e.VersionNumber == version && e.IsAt(path), cancellationToken).ConfigureAwait(false);
        var entry = copies.Selected[0];
        var name = entry.Path[(entry.Path.LastIndexOf('/') + 1)..];
        return new VersionCopy(entry.BlobName!, DownloadName(name, version), entry.StoredSize ?? 0, entry.Sha256);
    }

    /// <summary>A read link to <paramref name="copy"/> valid for <see cref="LinkLifetime"/>, or null when the host streams it.</summary>
    public Task<Uri?> LinkAsync(VersionCopy copy, CancellationToken cancellationToken) =>
        container.GetUserDelegationReadUriAsync(copy.BlobName, copy.FileName, time.GetUtcNow(), LinkLifetime, cancellationToken);

    /// <summary>The copy's bytes, for the host to stream.</summary>
    public Task<Stream> OpenAsync(VersionCopy copy, CancellationToken cancellationToken) => container.OpenReadAsync(copy.BlobName, null, null, cancellationToken);

    /// <summary>"Model.v3.rvt": the version in the name, as the blob names it, so two versions saved side by side stay apart.</summary>
    private static string DownloadName(string name, int version)
    {
        var dot = name.LastIndexOf('.');
        var suffix = ".v" + version.ToString(System.Globalization.CultureInfo.InvariantCulture);
        return dot > 0 ? name[..dot] + suffix + name[dot..] : name + suffix;
    }
}

/// <summary>A stored version to download: its blob, the name to save it as, its length and SHA-256.</summary>
internal sealed record VersionCopy(string BlobName, string FileName, long Length, string? Sha256);
