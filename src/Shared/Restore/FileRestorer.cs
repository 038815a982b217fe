using AccBackup.Manifest;
using AccBackup.Storage;
using Azure;

namespace AccBackup.Restore;

/// <summary>Restores one manifest entry to its place under the restore folder: checked, downloaded, proven, then moved into place.</summary>
/// <remarks>
/// Order matters: the name is checked, then every folder on the way (no symbolic links) before any is created, then
/// what is already at the target; only then is a byte read. Bytes stream into a fresh temporary file beside the
/// target (a large blob in parallel ranges, hashed in order: <see cref="RangedBlobDownload"/>) and are moved into place
/// only when length and SHA-256 equal the manifest's (the length alone for a file the storage service copied,
/// <see cref="ManifestEntry.IsSizeOnly"/>), so a target path never holds
/// partial or unverified bytes, and without overwrite the move itself refuses a file that appeared meanwhile.
/// </remarks>
internal sealed class FileRestorer(BlobContainer container, string root, bool overwrite)
{
    private const string TempSuffix = ".partial";

    public async Task<FileRestoreOutcome> RestoreAsync(ManifestEntry entry, CancellationToken cancellationToken)
    {
        if (!entry.IsCheckable || entry.BlobName is not { } blobName)
        {
            return Failed(entry, "the manifest entry lacks its blob name, stored size or sha256 (and is not a size-only copy)");
        }

        // Checked before any request: a hostile name must not even be read.
        if (RestoreTarget.Resolve(root, entry.RestorePath!, out var refusal) is not { } target)
        {
            return Failed(entry, refusal!);
        }

        var folder = Path.GetDirectoryName(target)!;
        var temp = Path.Combine(folder, $".acc-backup-{Guid.NewGuid():N}{TempSuffix}");
        try
        {
            if (!RestoreTarget.TryCreateFolder(root, folder, out refusal) || (refusal = RestoreTarget.LinkRefusal(target)) is not null)
            {
                return Failed(entry, refusal!);
            }

            var existed = File.Exists(target);
            if (existed && await MatchesAsync(target, entry, cancellationToken).ConfigureAwait(false))
            {
                return new(FileRestoreResult.AlreadyPresent, null);
            }

            if (existed && !overwrite)
            {
                return Skipped(entry);
            }

            var content = await DownloadAsync(blobName, entry.StoredSize!.Value, temp, cancellationToken).ConfigureAwait(false);
            if (!entry.IsProvenBy(content))
            {
                File.Delete(temp);
                return Failed(entry,
                    $"stored bytes differ from the manifest: expected {entry.StoredSize} bytes sha256 {entry.Sha256}, read {content.Length} bytes sha256 {content.Sha256}");
            }

            // A rename: replaces a file (or a link swapped in meanwhile) at the target, never writes through it.
            File.Move(temp, target, overwrite);
            return new(existed ? FileRestoreResult.Overwritten : FileRestoreResult.Written, null);
        }
        catch (IOException) when (!overwrite && File.Exists(target))
        {
            TryDelete(temp);
            return Skipped(entry);
        }
        catch (Exception e) when (e is RequestFailedException or IOException or UnauthorizedAccessException or HttpRequestException)
        {
            TryDelete(temp);
            return Failed(entry, e.Message);
        }
        catch
        {
            TryDelete(temp);
            throw;
        }
    }

    private static async Task<bool> MatchesAsync(string path, ManifestEntry entry, CancellationToken cancellationToken)
    {
        var file = new FileStream(path, new FileStreamOptions { Mode = FileMode.Open, Access = FileAccess.Read, Options = FileOptions.Asynchronous | FileOptions.SequentialScan });
        await using (file.ConfigureAwait(false))
        {
            return file.Length == entry.StoredSize
                && entry.IsProvenBy(await ContentHasher.HashAsync(file, null, cancellationToken).ConfigureAwait(false));
        }
    }

    private async Task<StoredContent> DownloadAsync(string blobName, long storedSize, string temp, CancellationToken cancellationToken)
    {
        // A large blob in parallel ranges, when the service's length is the manifest's: a blob of another length is read
        // in one GET, whole, so the proof below reports what it really holds.
        var ranged = storedSize >= RangedBlobDownload.MinimumBytes
            && (await container.GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false))?.Length == storedSize;

        // CreateNew: the temporary name is fresh, so an existing file or link there is never written through.
        var file = new FileStream(temp, new FileStreamOptions
        {
            Mode = FileMode.CreateNew, Access = FileAccess.Write, Options = FileOptions.Asynchronous, PreallocationSize = ranged ? storedSize : 0,
        });
        await using (file.ConfigureAwait(false))
        {
            if (ranged)
            {
                return await RangedBlobDownload.DownloadAsync(container, blobName, storedSize, file.SafeFileHandle, cancellationToken).ConfigureAwait(false);
            }

            var blob = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
            await using (blob.ConfigureAwait(false))
            {
                return await ContentHasher.HashAsync(blob, file, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    private static FileRestoreOutcome Failed(ManifestEntry entry, string reason) =>
        new(FileRestoreResult.Failed, new RestoreFailure(entry.Path, entry.BlobName, reason));

    private static FileRestoreOutcome Skipped(ManifestEntry entry) => new(FileRestoreResult.Skipped,
        new RestoreFailure(entry.Path, entry.BlobName, "a different file is already at this path; it is left as it is (--overwrite replaces it)"));

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Best effort: the temporary name is unique and marked .partial; it never masquerades as a restored file.
        }
    }
}

/// <summary>What happened to one selected file.</summary>
internal enum FileRestoreResult
{
    /// <summary>Written where nothing was.</summary>
    Written,

    /// <summary>Written over a different file (overwrite only).</summary>
    Overwritten,

    /// <summary>The file there already has the manifest's bytes: nothing written.</summary>
    AlreadyPresent,

    /// <summary>A different file is there and overwrite is off: left as it is.</summary>
    Skipped,

    /// <summary>Not restored; the reason says why.</summary>
    Failed,
}

/// <summary>One file's result, with the reason when it was skipped or failed.</summary>
internal sealed record FileRestoreOutcome(FileRestoreResult Result, RestoreFailure? Problem);
