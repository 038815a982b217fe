using AccBackup.Acc;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.AccRestore.Target;

namespace AccBackup.AccRestore.Executing;

/// <summary>Looks at ACC again before a file is written, so a batch run twice (an activity repeated after a crash) writes
/// nothing twice: a file whose target already holds the night's bytes is found done.</summary>
/// <remarks>One folder listing per target folder per instance (a batch's files share few folders).</remarks>
public sealed class RestoreRecheck(ApsDataClient data, TipReader tips)
{
    private readonly Dictionary<string, List<AccFile>> listings = new(StringComparer.Ordinal);

    /// <summary>The file as found done in ACC, or null when it still needs its writes.</summary>
    public async Task<RestoredFile?> FoundDoneAsync(PlannedFile file, string folderId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(file);
        if (!file.Writes)
        {
            return null;
        }

        if (!listings.TryGetValue(folderId, out var files))
        {
            files = [];
            await foreach (var entry in data.ListFolderContentsAsync(file.TargetProjectId, folderId, includeHidden: true, cancellationToken).ConfigureAwait(false))
            {
                if (entry is AccFile found)
                {
                    files.Add(found);
                }
            }

            listings[folderId] = files;
        }

        var candidate = file.TargetItemId is { } itemId
            ? files.FirstOrDefault(f => f.Id == itemId)
            : files.FirstOrDefault(f => !TargetFolderNode.IsDeleted(f) && string.Equals(f.Name, file.Name, StringComparison.OrdinalIgnoreCase));
        var night = file.Uploads.Count > 0 ? file.Uploads[^1] : file.Night;
        if (candidate is null || TargetFolderNode.IsDeleted(candidate) || !string.Equals(candidate.Tip?.Name ?? candidate.Name, file.Name, StringComparison.Ordinal)
            || !await tips.HoldsAsync(candidate.Tip, night, cancellationToken).ConfigureAwait(false))
        {
            return null;
        }

        return new RestoredFile(file, true, null) { ItemId = candidate.Id, FellBack = $"found done in ACC (tip v{candidate.Tip?.VersionNumber}): an earlier attempt wrote it" };
    }
}
