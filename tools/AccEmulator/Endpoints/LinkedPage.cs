using System.Globalization;
using System.Text.Json;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Issues;

namespace AccEmulator.Endpoints;

/// <summary>The envelope of the ACC APIs that page with links (Sheets, Admin): <c>{"pagination":{"limit","offset","totalResults",
/// "nextUrl","previousUrl"},"results":[…]}</c>, each link the request's own URL with the next or previous offset, or null.</summary>
internal static class LinkedPage
{
    public static IResult Result<T>(HttpRequest request, IssuePage page, IReadOnlyList<T> all, Action<Utf8JsonWriter, T> write) =>
        JsonBody.Object(w =>
        {
            w.WriteStartObject("pagination");
            w.WriteNumber("limit", page.Limit);
            w.WriteNumber("offset", page.Offset);
            w.WriteNumber("totalResults", all.Count);
            WriteLink(w, "nextUrl", request, page, page.Offset + page.Limit < all.Count ? page.Offset + page.Limit : null);
            WriteLink(w, "previousUrl", request, page, page.Offset > 0 ? Math.Max(0, page.Offset - page.Limit) : null);
            w.WriteEndObject();
            w.WriteStartArray("results");
            for (var i = page.Offset; i < all.Count && i < page.Offset + page.Limit; i++)
            {
                write(w, all[i]);
            }

            w.WriteEndArray();
        });

    private static void WriteLink(Utf8JsonWriter w, string name, HttpRequest request, IssuePage page, int? offset)
    {
        if (offset is not { } value)
        {
            w.WriteNull(name);
            return;
        }

        var query = request.Query.Where(q => q.Key is not ("offset" or "limit"))
            .Select(q => Uri.EscapeDataString(q.Key) + "=" + Uri.EscapeDataString(q.Value.ToString()))
            .Append(string.Create(CultureInfo.InvariantCulture, $"limit={page.Limit}&offset={value}"));
        w.WriteString(name, $"{ApiLinks.For(request).BaseUrl}{request.PathBase}{request.Path}?{string.Join('&', query)}");
    }
}
