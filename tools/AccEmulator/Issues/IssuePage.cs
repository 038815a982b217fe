using System.Globalization;

namespace AccEmulator.Issues;

/// <summary>The Issues API's paging: <c>limit</c> (1 to a maximum, default the maximum) and <c>offset</c> (default 0).</summary>
internal readonly record struct IssuePage(int Limit, int Offset)
{
    /// <summary>Parses <c>limit</c> and <c>offset</c>; an error message for values the API refuses.</summary>
    public static bool TryParse(IQueryCollection query, int maxLimit, out IssuePage page, out string? error)
    {
        page = new IssuePage(maxLimit, 0);
        error = null;
        var limit = maxLimit;
        var offset = 0;
        if (query["limit"].ToString() is { Length: > 0 } limitText
            && (!int.TryParse(limitText, NumberStyles.None, CultureInfo.InvariantCulture, out limit) || limit < 1 || limit > maxLimit))
        {
            error = $"limit must be an integer between 1 and {maxLimit}.";
            return false;
        }

        if (query["offset"].ToString() is { Length: > 0 } offsetText
            && !int.TryParse(offsetText, NumberStyles.None, CultureInfo.InvariantCulture, out offset))
        {
            error = "offset must be a non-negative integer.";
            return false;
        }

        page = new IssuePage(limit, offset);
        return true;
    }

    /// <summary>Writes <c>"pagination":{…},"results":[…]</c> for this page of <paramref name="all"/>.</summary>
    public void Write<T>(System.Text.Json.Utf8JsonWriter w, IReadOnlyList<T> all, Action<System.Text.Json.Utf8JsonWriter, T> writeItem)
    {
        w.WriteStartObject("pagination");
        w.WriteNumber("limit", Limit);
        w.WriteNumber("offset", Offset);
        w.WriteNumber("totalResults", all.Count);
        w.WriteEndObject();
        w.WriteStartArray("results");
        for (var i = Offset; i < all.Count && i < Offset + Limit; i++)
        {
            writeItem(w, all[i]);
        }

        w.WriteEndArray();
    }
}
