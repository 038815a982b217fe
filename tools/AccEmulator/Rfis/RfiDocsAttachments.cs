using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Issues;

namespace AccEmulator.Rfis;

/// <summary>Docs files attached to RFIs: which seeded RFIs get one and which file version, each decided by a random stream of the
/// RFI's own (its id hashed with the seed), so every other seeded value stays as it was without them.</summary>
/// <remarks>Demo account: the second and fourth RFI of a project (indexes 1 and 3), the fourth naming a version older than the
/// file's tip when the project has a file with one; seed-scaled: about one RFI in six, a quarter of those an older version.</remarks>
internal static class RfiDocsAttachments
{
    /// <summary>Adds the Docs attachment <paramref name="rfi"/> is seeded with, if it is one that gets one.</summary>
    public static void Seed(RfiStore store, EmulatedRfi rfi, int index, bool demo, long seed, IReadOnlyList<EmulatedItem> files, string user, DateTimeOffset time)
    {
        var r = DeterministicRandom.For(seed, "rfis/docs-attachment/" + rfi.Id.ToString("D"));
        if (files.Count == 0 || !(demo ? index is 1 or 3 : r.Chance(1.0 / 6)))
        {
            return;
        }

        var older = demo ? index == 3 : r.Chance(0.25);
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

        store.Attach(rfi, Create(r.NextGuid(), rfi, r.Pick(RfiGenerator.AttachmentTypes), version, user, time));
    }

    /// <summary>An attachment of <paramref name="type"/> standing for <paramref name="version"/>'s bytes.</summary>
    public static RfiAttachment Create(Guid attachmentId, EmulatedRfi rfi, string type, EmulatedVersion version, string user, DateTimeOffset time) =>
        new(attachmentId, rfi.Id, type, version.Name, version.Storage ?? throw new ArgumentException($"Version '{version.Id}' has no bytes to attach."), user, time)
        {
            DocsVersion = version,
        };

    /// <summary>The files of each project an RFI may name (the ones an issue may name: visible, live, with bytes).</summary>
    public static Dictionary<Guid, EmulatedItem[]> Candidates(EmulatedAccount account) =>
        DocsAttachments.Candidates(account).ToDictionary(p => p.Key.ProjectGuid, p => p.Value);
}
