using AccEmulator.Accounts;

namespace AccEmulator.DocsPermissions;

/// <summary>Every Docs folder's permissions as set on it (users, roles, companies and their actions); what a folder shows is its own
/// plus what it inherits from its parents. Reads and writes happen under the account's lock.</summary>
internal sealed class FolderPermissionStore(EmulatedAccount account)
{
    private readonly Dictionary<string, List<(FolderSubject Subject, IReadOnlyList<string> Actions)>> _own = new(StringComparer.Ordinal);

    public Lock SyncRoot => account.SyncRoot;

    public EmulatedAccount Account => account;

    /// <summary>Gives <paramref name="subject"/> <paramref name="actions"/> on the folder (replacing what it had there).</summary>
    public void Set(string folderId, FolderSubject subject, IReadOnlyList<string> actions)
    {
        if (!_own.TryGetValue(folderId, out var list))
        {
            _own[folderId] = list = [];
        }

        var at = list.FindIndex(e => e.Subject.SubjectId == subject.SubjectId);
        if (at >= 0)
        {
            list[at] = (subject, actions);
        }
        else
        {
            list.Add((subject, actions));
        }
    }

    /// <summary>Takes the subject's own permission off the folder; false when it had none there.</summary>
    public bool Remove(string folderId, string subjectId) =>
        _own.TryGetValue(folderId, out var list) && list.RemoveAll(e => e.Subject.SubjectId == subjectId) > 0;

    /// <summary>What the folder shows: each subject with its own actions there and those it inherits from the nearest parent that
    /// sets it; own subjects first, then those only inherited, nearest parent first.</summary>
    public IReadOnlyList<(FolderSubject Subject, IReadOnlyList<string> Actions, IReadOnlyList<string> Inherited)> Effective(EmulatedFolder folder)
    {
        var inherited = new Dictionary<string, (FolderSubject Subject, IReadOnlyList<string> Actions)>(StringComparer.Ordinal);
        var order = new List<string>();
        for (var parent = folder.Parent; parent is not null; parent = parent.Parent)
        {
            foreach (var (subject, actions) in _own.GetValueOrDefault(parent.Id) ?? [])
            {
                if (inherited.TryAdd(subject.SubjectId, (subject, actions)))
                {
                    order.Add(subject.SubjectId);
                }
            }
        }

        var own = _own.GetValueOrDefault(folder.Id) ?? [];
        var result = own.Select(e => (e.Subject, e.Actions, inherited.TryGetValue(e.Subject.SubjectId, out var i) ? i.Actions : (IReadOnlyList<string>)[])).ToList();
        result.AddRange(order.Where(id => own.TrueForAll(e => e.Subject.SubjectId != id))
            .Select(id => (inherited[id].Subject, (IReadOnlyList<string>)[], inherited[id].Actions)));
        return result;
    }
}
