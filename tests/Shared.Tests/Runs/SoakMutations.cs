using AccBackup.Manifest;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Tests.Runs;

/// <summary>The account changing between the soak's nights: files added, changed, renamed and deleted, chosen
/// deterministically among files the backup holds; remembers deletions and renames so the last manifest can be checked for them.</summary>
internal sealed class SoakMutations(EmulatorServer emulator)
{
    private readonly HashSet<string> touched = new(StringComparer.Ordinal);
    private readonly List<(string ItemId, string Path)> deleted = [];
    private readonly List<(string ItemId, string OldPath)> renamed = [];

    /// <summary>Changes the account before <paramref name="night"/>; returns what changed, in a few words.</summary>
    public async Task<string> ApplyAsync(int night, IReadOnlyList<ManifestEntry> previous)
    {
        var stored = previous.Where(e => e.Status is ManifestStatus.Copied or ManifestStatus.Unchanged).Select(e => e.ItemId).ToHashSet(StringComparer.Ordinal);
        var candidates = (await emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None))
            .Where(f => f.HasStorage && stored.Contains(f.ItemId) && !touched.Contains(f.ItemId))
            .OrderBy(f => f.ItemId, StringComparer.Ordinal)
            .ToList();
        var picks = Enumerable.Range(0, 6).Select(i => candidates[((night * 7) + (i * 5)) % candidates.Count]).DistinctBy(f => f.ItemId).ToList();
        touched.UnionWith(picks.Select(f => f.ItemId));

        for (var i = 0; i < 2; i++)
        {
            emulator.Mutations.AddFile(picks[i].FolderId, $"soak-night-{night}-added-{i}.bin", 20_000 + (night * 45_000) + (i * 3_000));
        }

        emulator.Mutations.ChangeFile(picks[0].ItemId, 30_000 + (night * 1_000));
        emulator.Mutations.ChangeFile(picks[1].ItemId);
        var rename = picks[2];
        emulator.Mutations.RenameFile(rename.ItemId, $"renamed-{night}-{rename.DisplayName}");
        renamed.Add((rename.ItemId, $"{rename.ProjectName}/{rename.Path}"));
        var delete = picks[^1];
        emulator.Mutations.DeleteFile(delete.ItemId);
        deleted.Add((delete.ItemId, $"{delete.ProjectName}/{delete.Path}"));
        return $"2 added, 2 changed, renamed {rename.Path}, deleted {delete.Path}";
    }

    /// <summary>Every deletion and rename made so far that <paramref name="latest"/> does not record (none expected).</summary>
    public IEnumerable<string> Unrecorded(IReadOnlyList<ManifestEntry> latest)
    {
        foreach (var (itemId, path) in deleted)
        {
            if (!latest.Any(e => e.ItemId == itemId && e.Path == path && e.Status == ManifestStatus.Deleted))
            {
                yield return $"deletion of {path} not recorded";
            }
        }

        foreach (var (itemId, oldPath) in renamed)
        {
            if (!latest.Any(e => e.ItemId == itemId && e.Path == oldPath && e.Status == ManifestStatus.Moved))
            {
                yield return $"rename of {oldPath} not recorded as moved";
            }
        }
    }
}
