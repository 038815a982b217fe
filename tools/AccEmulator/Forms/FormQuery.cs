using System.Globalization;

namespace AccEmulator.Forms;

/// <summary>The filters and sort of <c>GET v2 forms</c>: <c>updatedAfter</c>/<c>updatedBefore</c> (ISO 8601, inclusive),
/// <c>statuses</c>, <c>ids</c>, <c>templateId</c> (lists comma-separated or repeated), <c>include=inactiveFormTemplates</c> and
/// <c>sort</c> (<c>formNum</c> or <c>updatedAt</c>, <c>asc</c>/<c>desc</c>; default <c>updatedAt asc</c>).</summary>
internal sealed record FormQuery(
    DateTimeOffset? UpdatedAfter, DateTimeOffset? UpdatedBefore, IReadOnlySet<string> Statuses, IReadOnlySet<Guid> Ids, Guid? TemplateId, bool InactiveTemplates, string SortField, bool Descending)
{
    public static readonly string[] KnownStatuses = ["inProgress", "inReview", "closed", "archived", "discarded"];

    public static bool TryParse(IQueryCollection query, out FormQuery parsed, out string? error)
    {
        parsed = null!;
        error = null;
        DateTimeOffset? after = null, before = null;
        foreach (var (name, target) in new[] { ("updatedAfter", 0), ("updatedBefore", 1) })
        {
            if (query[name].ToString() is { Length: > 0 } text)
            {
                if (!DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var time))
                {
                    error = $"{name} must be an ISO 8601 date and time, not '{text}'.";
                    return false;
                }

                if (target == 0)
                {
                    after = time;
                }
                else
                {
                    before = time;
                }
            }
        }

        var statuses = List(query, "statuses").ToHashSet(StringComparer.Ordinal);
        if (statuses.FirstOrDefault(s => !KnownStatuses.Contains(s)) is { } unknown)
        {
            error = $"statuses takes {string.Join(", ", KnownStatuses)}, not '{unknown}'.";
            return false;
        }

        var ids = new HashSet<Guid>();
        foreach (var id in List(query, "ids"))
        {
            if (!Guid.TryParse(id, out var guid))
            {
                error = $"ids must be form ids, not '{id}'.";
                return false;
            }

            ids.Add(guid);
        }

        Guid? templateId = null;
        if (query["templateId"].ToString() is { Length: > 0 } template)
        {
            if (!Guid.TryParse(template, out var guid))
            {
                error = $"templateId must be a template id, not '{template}'.";
                return false;
            }

            templateId = guid;
        }

        var sort = query["sort"].ToString() is { Length: > 0 } sortText ? sortText.Split(',')[0].Trim().Split(' ', StringSplitOptions.RemoveEmptyEntries) : ["updatedAt"];
        if (sort[0] is not ("formNum" or "updatedAt") || (sort.Length > 1 && sort[1] is not ("asc" or "desc")))
        {
            error = $"sort '{query["sort"]}' is not supported here: give formNum or updatedAt, optionally with asc or desc.";
            return false;
        }

        parsed = new FormQuery(after, before, statuses, ids, templateId, List(query, "include").Contains("inactiveFormTemplates"), sort[0], sort.Length > 1 && sort[1] == "desc");
        return true;
    }

    /// <summary>The forms of <paramref name="listable"/> (none discarded) that match, in the asked order.</summary>
    public IEnumerable<EmulatedForm> Apply(IEnumerable<EmulatedForm> listable)
    {
        var matching = listable.Where(f =>
            (InactiveTemplates || f.Template.Status == "active")
            && (UpdatedAfter is not { } after || f.UpdatedAt >= after)
            && (UpdatedBefore is not { } before || f.UpdatedAt <= before)
            && (Statuses.Count == 0 || Statuses.Contains(f.Status))
            && (Ids.Count == 0 || Ids.Contains(f.Id))
            && (TemplateId is not { } template || f.Template.Id == template));
        if (SortField == "formNum")
        {
            return Descending ? matching.OrderByDescending(f => f.Number) : matching.OrderBy(f => f.Number);
        }

        return Descending ? matching.OrderByDescending(f => f.UpdatedAt).ThenByDescending(f => f.Number) : matching.OrderBy(f => f.UpdatedAt).ThenBy(f => f.Number);
    }

    private static IEnumerable<string> List(IQueryCollection query, string name) =>
        query[name].SelectMany(v => (v ?? "").Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries));
}
