using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;

namespace AccEmulator.Issues;

/// <summary>Docs files attached to issues: which seeded issues get one and which file version, each decided by a random
/// stream of the issue's own (its id hashed with the seed), so every other seeded value stays as it was without them.</summary>
/// <remarks>Demo account: the third and sixth issue of a project (indexes 2 and 5), the sixth naming a version older than the
/// file's tip; seed-scaled: about one issue in six, a quarter of those an older version.</remarks>
internal static class DocsAttachments
{
    /// <summary>Files larger than this are never attached (a seeded 2.5 GiB file would make every issue test slow).</summary>
    private const long MaxBytes = 64L * 1024 * 1024;

    /// <summary>The files of each project an issue may name: visible, live, ordinary files with bytes, in creation order.</summary>
    public static Dictionary<EmulatedProject, EmulatedItem[]> Candidates(EmulatedAccount account) =>
        account.Items.Values.Where(CanAttach).GroupBy(i => i.Parent.Project).ToDictionary(g => g.Key, g => g.ToArray());

    /// <summary>Adds the Docs attachment <paramref name="issue"/> is seeded with, if it is one that gets one.</summary>
    public static void Seed(IssueStore store, EmulatedIssue issue, int index, bool demo, long seed, IReadOnlyList<EmulatedItem> files, string[] people, DateTimeOffset time)
    {
        var r = DeterministicRandom.For(seed, "issues/docs-attachment/" + issue.Id.ToString("D"));
        if (files.Count == 0 || !(demo ? index % 3 == 2 : r.Chance(1.0 / 6)))
        {
            return;
        }

        var older = demo ? index == 5 : r.Chance(0.25);
        var withEarlier = older ? files.Where(f => f.Versions.Count > 1).ToArray() : [];
        EmulatedVersion version;
        if (withEarlier.Length > 0)
        {
            var item = r.Pick(withEarlier);
            version = item.Versions[r.Next(item.Versions.Count - 1)];
        }
        else
        {
            version = r.Pick(files).Tip;
        }

        store.Attach(issue, Create(r.NextGuid(), issue, version, r.Pick(people), time));
    }

    /// <summary>An attachment standing for <paramref name="version"/>'s bytes.</summary>
    public static IssueAttachment Create(Guid attachmentId, EmulatedIssue issue, EmulatedVersion version, string user, DateTimeOffset time) =>
        new(attachmentId, issue.Id, version.Name, version.Storage ?? throw new ArgumentException($"Version '{version.Id}' has no bytes to attach."), user, time)
        {
            DocsVersion = version,
        };

    private static bool CanAttach(EmulatedItem item) =>
        item is { Kind: ItemKind.File, Hidden: false, Deleted: false } && item.Versions.Count > 0
        && item.Versions.All(v => v.Storage is { Length: <= MaxBytes } && v.StorageSize == v.Storage.Length);
}
