using System.Text;
using System.Text.Json;

namespace AccEmulator.Photos;

/// <summary>The body of <c>POST photos:filter</c>: <c>limit</c> (1–200, default 50), <c>include</c> (<c>signedUrls</c>),
/// <c>filter.id</c>, <c>filter.mediaType</c>; results sorted by creation, oldest first. A next page is asked with the
/// <c>cursorState</c> of the previous answer's <c>nextPost.body</c> alone: it carries the whole request and the offset.</summary>
internal sealed record PhotoFilter(int Limit, int Offset, bool SignedUrls, IReadOnlyList<string>? Ids, IReadOnlyList<string>? MediaTypes)
{
    public const int MaxLimit = 200;
    public const int DefaultLimit = 50;

    public static bool TryParse(JsonElement body, out PhotoFilter filter, out string? error)
    {
        filter = new PhotoFilter(DefaultLimit, 0, false, null, null);
        error = null;
        if (body.ValueKind != JsonValueKind.Object)
        {
            error = "The body must be a JSON object.";
            return false;
        }

        if (body.TryGetProperty("cursorState", out var cursor) && cursor.ValueKind == JsonValueKind.String)
        {
            return TryDecode(cursor.GetString()!, out filter, out error);
        }

        var limit = DefaultLimit;
        if (body.TryGetProperty("limit", out var l) && (!l.TryGetInt32(out limit) || limit < 1 || limit > MaxLimit))
        {
            error = $"limit must be an integer between 1 and {MaxLimit}.";
            return false;
        }

        var signed = body.TryGetProperty("include", out var include) && include.ValueKind == JsonValueKind.Array
            && include.EnumerateArray().Any(i => i.GetString() == "signedUrls");
        List<string>? ids = null, mediaTypes = null;
        if (body.TryGetProperty("filter", out var f) && f.ValueKind == JsonValueKind.Object)
        {
            ids = Strings(f, "id");
            mediaTypes = Strings(f, "mediaType");
        }

        filter = new PhotoFilter(limit, 0, signed, ids, mediaTypes);
        return true;
    }

    public IEnumerable<EmulatedPhoto> Apply(IEnumerable<EmulatedPhoto> photos) =>
        photos.Where(p => (Ids is null || Ids.Contains(p.Id.ToString("D"))) && (MediaTypes is null || MediaTypes.Contains(p.MediaType)))
            .OrderBy(p => p.CreatedAt).ThenBy(p => p.Id.ToString("D"), StringComparer.Ordinal);

    /// <summary>The cursor of the page after this one.</summary>
    public string NextCursor() => Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(this with { Offset = Offset + Limit }));

    private static bool TryDecode(string cursor, out PhotoFilter filter, out string? error)
    {
        filter = new PhotoFilter(DefaultLimit, 0, false, null, null);
        try
        {
            filter = JsonSerializer.Deserialize<PhotoFilter>(Encoding.UTF8.GetString(Convert.FromBase64String(cursor)))!;
            error = null;
            return true;
        }
        catch (Exception e) when (e is FormatException or JsonException)
        {
            error = "cursorState is not one this service issued.";
            return false;
        }
    }

    private static List<string>? Strings(JsonElement filter, string name) =>
        filter.TryGetProperty(name, out var values) && values.ValueKind == JsonValueKind.Array ? [.. values.EnumerateArray().Select(v => v.GetString()!)] : null;
}
