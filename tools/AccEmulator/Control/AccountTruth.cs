using AccEmulator.Accounts;
using AccEmulator.Content;

namespace AccEmulator.Control;

/// <summary>The oracle: every live file with its path, ids, sizes and the hash of the bytes actually served.</summary>
public sealed class AccountTruth
{
    private readonly EmulatedAccount _account;
    private readonly ObjectHashes _hashes;
    private readonly long _hashMaxBytes;

    internal AccountTruth(EmulatedAccount account, ObjectHashes hashes, long hashMaxBytes)
    {
        _account = account;
        _hashes = hashes;
        _hashMaxBytes = hashMaxBytes;
    }

    /// <summary>Every live (not deleted) file in project order, depth first; hashes computed lazily and cached.</summary>
    public async Task<IReadOnlyList<TruthFile>> GetFilesAsync(TruthHashing hashing = TruthHashing.UpToLimit,
        CancellationToken cancellationToken = default)
    {
        List<(TruthFile File, StorageObject? Storage)> snapshot = [];
        lock (_account.SyncRoot)
        {
            foreach (var project in _account.Projects)
            {
                foreach (var top in project.TopFolders)
                {
                    Collect(top, snapshot);
                }
            }
        }

        var files = new TruthFile[snapshot.Count];
        var parallelism = new ParallelOptions { CancellationToken = cancellationToken, MaxDegreeOfParallelism = Environment.ProcessorCount };
        await Parallel.ForAsync(0, snapshot.Count, parallelism, async (i, ct) =>
        {
            var (file, storage) = snapshot[i];
            var hash = storage is not null && (hashing == TruthHashing.All || (hashing == TruthHashing.UpToLimit && storage.Length <= _hashMaxBytes))
                ? (await _hashes.GetAsync(storage, ct)).Sha256
                : null;
            files[i] = file with { Sha256 = hash };
        });

        return files;
    }

    private static void Collect(EmulatedFolder folder, List<(TruthFile, StorageObject?)> files)
    {
        var segments = folder.PathSegments;
        var hiddenFolder = false;
        for (var f = folder; f is not null; f = f.Parent)
        {
            hiddenFolder |= f.Hidden;
        }

        foreach (var item in folder.Items.Where(i => !i.Deleted))
        {
            var tip = item.Tip;
            var file = new TruthFile(
                folder.Project.Id, folder.Project.Name, segments, string.Join('/', segments.Append(item.DisplayName)),
                folder.Id, item.Id, tip.Id, tip.Number, item.DisplayName, tip.StorageSize, tip.Storage?.Length, null,
                tip.Storage is not null, item.Hidden || hiddenFolder, tip.ExtensionType, tip.Storage?.StorageId);
            files.Add((file, tip.Storage));
        }

        foreach (var child in folder.Folders)
        {
            Collect(child, files);
        }
    }
}
