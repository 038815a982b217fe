namespace AccEmulator.Members;

/// <summary>Changes to a project's members between two backups: one removed (status <c>deleted</c>), one given another role.</summary>
public sealed class MemberMutator
{
    private readonly MemberStore _store;
    private readonly TimeProvider _clock;

    internal MemberMutator(MemberStore store, TimeProvider clock)
    {
        _store = store;
        _clock = clock;
    }

    /// <summary>Removes a member from its project (the Admin API then lists it only with <c>filter[status]=deleted</c>).</summary>
    public void Remove(Guid memberId) => Change(memberId, m => m.Status = "deleted");

    /// <summary>Makes a member a project admin (or not).</summary>
    public void SetProjectAdmin(Guid memberId, bool projectAdmin) => Change(memberId, m => m.ProjectAdmin = projectAdmin);

    private void Change(Guid memberId, Action<EmulatedMember> change)
    {
        lock (_store.SyncRoot)
        {
            var member = _store.FindMember(memberId) ?? throw new KeyNotFoundException($"Member '{memberId}' not found.");
            change(member);
            member.UpdatedAt = _clock.GetUtcNow();
        }
    }
}
