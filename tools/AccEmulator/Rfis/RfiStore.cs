using AccEmulator.Accounts;

namespace AccEmulator.Rfis;

/// <summary>Every project's RFIs; reads and writes happen under the account's lock (attachments are account objects).</summary>
internal sealed class RfiStore(EmulatedAccount account)
{
    private readonly Dictionary<Guid, List<EmulatedRfi>> _projects = [];

    public Lock SyncRoot => account.SyncRoot;

    /// <summary>The account whose Docs files an RFI may name.</summary>
    public EmulatedAccount Account => account;

    public IEnumerable<(Guid ProjectGuid, List<EmulatedRfi> Rfis)> Projects => _projects.Select(p => (p.Key, p.Value));

    /// <summary>The project's RFIs in creation order; null for an unknown project.</summary>
    public List<EmulatedRfi>? Find(Guid projectGuid) => _projects.GetValueOrDefault(projectGuid);

    public List<EmulatedRfi> AddProject(Guid projectGuid) => _projects[projectGuid] = [];

    public EmulatedRfi? FindRfi(Guid rfiId) => _projects.Values.SelectMany(r => r).FirstOrDefault(r => r.Id == rfiId);

    /// <summary>Attaches a file; its bytes become an OSS object the signed-download path serves.</summary>
    public void Attach(EmulatedRfi rfi, RfiAttachment attachment)
    {
        rfi.Attachments.Add(attachment);
        account.Objects.TryAdd(attachment.Storage.ObjectKey, attachment.Storage);
    }
}
