using System.Globalization;
using System.Text.Json;

namespace AccEmulator.Rfis;

/// <summary>The body of <c>POST search:rfis</c>: <c>limit</c> (1–200, default 10), <c>offset</c>, <c>filter.updatedAt</c>
/// (<c>from..to</c>, either end open), <c>filter.includeHidden</c>, <c>filter.status</c>; the results sorted by <c>sort[0]</c>
/// (<c>updatedAt</c> or <c>createdAt</c>, <c>asc</c> or <c>desc</c>; default by number).</summary>
internal sealed record RfiSearch(int Limit, int Offset, DateTimeOffset? From, DateTimeOffset? To, bool IncludeHidden, IReadOnlyList<string>? Statuses, string? SortField, bool Descending)
{
    public const int MaxLimit = 200;
    public const int DefaultLimit = 10;

    public static bool TryParse(JsonElement body, out RfiSearch search, out string? error)
    {
        search = new RfiSearch(DefaultLimit, 0, null, null, false, null, null, false);
        error = null;
        if (body.ValueKind != JsonValueKind.Object)
        {
            error = "The body must be a JSON object.";
            return false;
        }

        var limit = DefaultLimit;
        if (body.TryGetProperty("limit", out var l) && (!l.TryGetInt32(out limit) || limit < 1 || limit > MaxLimit))
        {
            error = $"limit must be an integer between 1 and {MaxLimit}.";
            return false;
        }

        var offset = 0;
        if (body.TryGetProperty("offset", out var o) && (!o.TryGetInt32(out offset) || offset < 0))
        {
            error = "offset must be a non-negative integer.";
            return false;
        }

        DateTimeOffset? from = null, to = null;
        var hidden = false;
        List<string>? statuses = null;
        if (body.TryGetProperty("filter", out var filter) && filter.ValueKind == JsonValueKind.Object)
        {
            if (filter.TryGetProperty("updatedAt", out var range) && !TryRange(range.GetString() ?? "", out from, out to))
            {
                error = $"filter.updatedAt must be 'from..to' with ISO 8601 times, not '{range}'.";
                return false;
            }

            hidden = filter.TryGetProperty("includeHidden", out var h) && h.ValueKind == JsonValueKind.True;
            statuses = filter.TryGetProperty("status", out var s) && s.ValueKind == JsonValueKind.Array ? [.. s.EnumerateArray().Select(x => x.GetString()!)] : null;
        }

        string? field = null;
        var descending = false;
        if (body.TryGetProperty("sort", out var sort) && sort.ValueKind == JsonValueKind.Array && sort.GetArrayLength() > 0)
        {
            field = sort[0].TryGetProperty("field", out var f) ? f.GetString() : null;
            descending = sort[0].TryGetProperty("order", out var order) && order.GetString() == "desc";
            if (field is not ("updatedAt" or "createdAt"))
            {
                error = $"sort field '{field}' is not supported here.";
                return false;
            }
        }

        search = new RfiSearch(limit, offset, from, to, hidden, statuses, field, descending);
        return true;
    }

    public IEnumerable<EmulatedRfi> Apply(IEnumerable<EmulatedRfi> rfis)
    {
        var matching = rfis.Where(r => (IncludeHidden || !r.Hidden) && (From is null || r.UpdatedAt >= From) && (To is null || r.UpdatedAt <= To)
            && (Statuses is null || Statuses.Contains(r.Status)));
        return SortField switch
        {
            "updatedAt" => Descending ? matching.OrderByDescending(r => r.UpdatedAt) : matching.OrderBy(r => r.UpdatedAt),
            "createdAt" => Descending ? matching.OrderByDescending(r => r.CreatedAt) : matching.OrderBy(r => r.CreatedAt),
            _ => matching,
        };
    }

    private static bool TryRange(string text, out DateTimeOffset? from, out DateTimeOffset? to)
    {
        from = to = null;
        var parts = text.Split("..");
        if (parts.Length != 2 || (parts[0].Length == 0 && parts[1].Length == 0))
        {
            return false;
        }

        return Bound(parts[0], out from) && Bound(parts[1], out to);
    }

    private static bool Bound(string text, out DateTimeOffset? time)
    {
        time = null;
        if (text.Length == 0)
        {
            return true;
        }

        if (!DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var parsed))
        {
            return false;
        }

        time = parsed;
        return true;
    }
}
