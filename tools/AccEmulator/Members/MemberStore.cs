using AccEmulator.Accounts;

namespace AccEmulator.Members;

/// <summary>Every project's members; reads and writes happen under the account's lock.</summary>
internal sealed class MemberStore(EmulatedAccount account)
{
    private readonly Dictionary<Guid, List<EmulatedMember>> _projects = [];

    public Lock SyncRoot => account.SyncRoot;

    public IEnumerable<(Guid ProjectGuid, List<EmulatedMember> Members)> Projects => _projects.Select(p => (p.Key, p.Value));

    /// <summary>The project's members in the order they were added (deleted ones too); null for an unknown project.</summary>
    public List<EmulatedMember>? Find(Guid projectGuid) => _projects.GetValueOrDefault(projectGuid);

    public List<EmulatedMember> AddProject(Guid projectGuid) => _projects[projectGuid] = [];

    public EmulatedMember? FindMember(Guid memberId) => _projects.Values.SelectMany(m => m).FirstOrDefault(m => m.Id == memberId);
}
