using AccEmulator.Accounts;

namespace AccEmulator.Permissions;

/// <summary>
/// Who may do what in which folder. An identity is a user id: the <c>x-user-id</c> header of a two-legged request, or the
/// user of a user-context token (a Secure Service Account). Permissions set on a folder apply to its whole subtree unless a
/// sub-folder sets its own, as ACC's folder permissions inherit. An identity nothing was set for may do everything, and a
/// two-legged request without <c>x-user-id</c> is the app itself, which has account-wide access.
/// </summary>
public sealed class FolderPermissions
{
    private readonly Lock _gate = new();
    private readonly Dictionary<(string FolderId, string UserId), HashSet<string>> _explicit = [];

    /// <summary>Sets what <paramref name="userId"/> may do in <paramref name="folderId"/> and below (replacing what was set there).</summary>
    public void Set(string folderId, string userId, IEnumerable<string> actions)
    {
        ArgumentException.ThrowIfNullOrEmpty(folderId);
        ArgumentException.ThrowIfNullOrEmpty(userId);
        var set = new HashSet<string>(actions, StringComparer.Ordinal);
        if (set.FirstOrDefault(a => !PermissionActions.IsKnown(a)) is { } unknown)
        {
            throw new ArgumentException($"Unknown action '{unknown}'; known: {string.Join(", ", PermissionActions.All)}.", nameof(actions));
        }

        lock (_gate)
        {
            _explicit[(folderId, userId)] = set;
        }
    }

    /// <summary>Forgets every permission set: everyone may do everything again.</summary>
    public void Clear()
    {
        lock (_gate)
        {
            _explicit.Clear();
        }
    }

    /// <summary>Whether <paramref name="userId"/> (null: the app) may do <paramref name="action"/> in <paramref name="folder"/>.</summary>
    internal bool Allows(EmulatedFolder folder, string? userId, string action)
    {
        if (userId is null)
        {
            return true;
        }

        lock (_gate)
        {
            for (var f = folder; f is not null; f = f.Parent)
            {
                if (_explicit.TryGetValue((f.Id, userId), out var actions))
                {
                    return actions.Contains(action);
                }
            }
        }

        return true;
    }
}
