namespace AccEmulator.Issues;

/// <summary>The issue list's <c>sortBy</c>: a comma list of fields, each ascending or, with a leading <c>-</c>, descending
/// (e.g. <c>sortBy=-updatedAt</c>); the fields a backup can sort by. Ties, and no <c>sortBy</c>, keep creation order (display id).</summary>
internal sealed record IssueSort(IReadOnlyList<(string Field, bool Descending)> Keys)
{
    private static readonly Dictionary<string, Func<EmulatedIssue, IComparable?>> Fields = new(StringComparer.Ordinal)
    {
        ["displayId"] = i => i.DisplayId,
        ["title"] = i => i.Title,
        ["status"] = i => i.Status,
        ["createdAt"] = i => i.CreatedAt,
        ["updatedAt"] = i => i.UpdatedAt,
        ["closedAt"] = i => i.ClosedAt,
    };

    public IEnumerable<EmulatedIssue> Apply(IEnumerable<EmulatedIssue> issues)
    {
        var sorted = issues.OrderBy(_ => 0);
        foreach (var (field, descending) in Keys)
        {
            var key = Fields[field];
            sorted = descending ? sorted.ThenByDescending(key) : sorted.ThenBy(key);
        }

        return sorted.ThenBy(i => i.DisplayId);
    }

    public static bool TryParse(IQueryCollection query, out IssueSort sort, out string? error)
    {
        sort = new IssueSort([]);
        error = null;
        var keys = new List<(string, bool)>();
        foreach (var part in query["sortBy"].ToString().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var descending = part.StartsWith('-');
            var field = descending ? part[1..] : part;
            if (!Fields.ContainsKey(field))
            {
                error = $"sortBy has a field the issue list cannot sort by: '{field}' (one of {string.Join(", ", Fields.Keys)}, '-' before it for descending).";
                return false;
            }

            keys.Add((field, descending));
        }

        sort = new IssueSort(keys);
        return true;
    }
}
