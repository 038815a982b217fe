using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Storage;

namespace AccBackup.Retention;

/// <summary>The sweep: backed-up blobs no kept run references.</summary>
public sealed partial class RunPruner
{
    // List Blobs gives creation times to the second (truncated): a blob listed at the cutoff's second may have been made after it.
    private static readonly TimeSpan CreationTimeResolution = TimeSpan.FromSeconds(1);

    /// <summary>Removes every blob outside the tool's own folder (ACC Issues attachments included) that no kept run references and that was created before
    /// <paramref name="cutoff"/> (a newer blob may be a backup's that is still running); a blob a retention policy or legal
    /// hold keeps is skipped and counted.</summary>
    private async Task<(IReadOnlyList<PrunedBlob> Removed, IReadOnlyList<PrunedBlob> Retained)> SweepAsync(
        HashSet<string> referenced, DateTimeOffset cutoff, bool dryRun, Deleter deleter, CancellationToken cancellationToken)
    {
        var candidates = new List<BlobDescription>();
        var retained = new List<PrunedBlob>();
        await foreach (var blob in backup.ListWithHoldsAsync(null, cancellationToken).ConfigureAwait(false))
        {
            if (IsReserved(blob.Name) || referenced.Contains(blob.Name) || blob.CreatedOn is not { } created || created > cutoff - CreationTimeResolution)
            {
                continue;
            }

            if (Hold(blob) is { } hold)
            {
                PruneLog.BlobRetained(logger, blob.Name, hold);
                retained.Add(new PrunedBlob(blob.Name, blob.Length, hold));
                continue;
            }

            candidates.Add(blob);
        }

        if (dryRun)
        {
            return ([.. candidates.Select(b => new PrunedBlob(b.Name, b.Length))], retained);
        }

        var result = await deleter.DeleteAllAsync(backup, candidates, cancellationToken).ConfigureAwait(false);
        return ([.. result.Deleted.Select(b => new PrunedBlob(b.Name, b.Length)).OrderBy(b => b.Name, StringComparer.Ordinal)], [.. retained, .. result.Kept]);
    }

    // The tool's own folder: no backed-up file's path starts with it (BlobPathBuilder refuses it in any case). ACC Issues
    // and RFI attachments, Sheets PDFs, form PDFs and photos live under it but are backed-up bytes, named by the kept runs' snapshots: swept like files.
    private static bool IsReserved(string name) =>
        (name.StartsWith(BlobNames.ReservedPrefix + "/", StringComparison.OrdinalIgnoreCase)
         || name.Equals(BlobNames.ReservedPrefix, StringComparison.OrdinalIgnoreCase))
        && !name.StartsWith(IssueLayout.AttachmentsRoot, StringComparison.Ordinal)
        && !name.StartsWith(Modules.Sheets.SheetLayout.PdfsRoot, StringComparison.Ordinal)
        && !name.StartsWith(Modules.Rfis.RfiLayout.AttachmentsRoot, StringComparison.Ordinal)
        && !name.StartsWith(Modules.Forms.FormLayout.PdfsRoot, StringComparison.Ordinal)
        && !name.StartsWith(Modules.Photos.PhotoLayout.FilesRoot, StringComparison.Ordinal);
}
