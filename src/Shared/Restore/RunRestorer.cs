using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;

namespace AccBackup.Restore;

/// <summary>Writes a run's stored files into a folder in the ACC layout (each entry's place), each proven by its SHA-256 before it appears:
/// any run kept, since every version's blob is written once.</summary>
/// <remarks>
/// Nothing is created outside the folder (names and symbolic links are checked before any folder is made), and a
/// different local file already at a target path is left as it is unless the request says to overwrite (see <see cref="FileRestorer"/>).
/// </remarks>
public sealed class RunRestorer(BlobContainer container, ManifestReader reader)
{
    /// <summary>Files downloaded at once: each is written to disk and hashed as it comes.</summary>
    private const int Parallelism = 4;

    /// <summary>Restores what <paramref name="request"/> selects; failures and skipped files are reported per file, never thrown.</summary>
    public async Task<RestoreReport> RestoreAsync(
        RestoreRequest request, IProgress<RestoreProgress>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(request.Destination));
        var runId = request.RunId;
        if (request.Version is { } version)
        {
            var path = request.PathPrefix ?? throw new ArgumentException("Restoring one version needs the file's path.", nameof(request));
            runId = await new FileHistory(new RunHistory(container, reader), reader).NewestRunHoldingAsync(path, version, cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"No kept run holds version {version} of '{path}' ('acc-backup history' lists the versions kept).");
        }
        else if (request.AsOf is { } at)
        {
            runId = (await new RunHistory(container, reader).AsOfAsync(at, cancellationToken).ConfigureAwait(false))?.RunId
                ?? throw new InvalidOperationException($"No backup run had finished by {at:O}: there is nothing to restore as of then.");
        }

        var stored = request.Version is null
            ? await StoredFiles.ReadAsync(reader, runId, request.Selects, cancellationToken).ConfigureAwait(false)
            : await StoredFiles.ReadCopiesAsync(reader, runId, request.Selects, cancellationToken).ConfigureAwait(false);
        Directory.CreateDirectory(root);

        var files = new FileRestorer(container, root, request.Overwrite);
        var tally = new RestoreTally();
        var bytes = await stored.ForEachAsync(
            Parallelism,
            async (entry, ct) => tally.Add(await files.RestoreAsync(entry, ct).ConfigureAwait(false), entry),
            (done, written) => progress?.Report(new RestoreProgress(done, stored.Selected.Count, written)),
            cancellationToken).ConfigureAwait(false);

        return tally.Report(stored.Manifest.Summary.RunId, root, stored.Selected.Count, bytes);
    }
}
