using System.Text.Json;
using AccEmulator.Endpoints.JsonApi;

namespace AccEmulator.Endpoints;

/// <summary>Writes a paged collection's <c>links</c>: self, first, prev (after the first page), next (before the last).</summary>
internal static class PageLinks
{
    public static void Write(Utf8JsonWriter w, string resourceUrl, IQueryCollection query, PageRequest page, int total)
    {
        w.WriteStartObject("links");
        w.WriteHref("self", PageRequest.Link(resourceUrl, query, page.Number));
        w.WriteHref("first", PageRequest.Link(resourceUrl, query, 0));
        if (page.Number > 0)
        {
            w.WriteHref("prev", PageRequest.Link(resourceUrl, query, page.Number - 1));
        }

        if ((long)(page.Number + 1) * page.Limit < total)
        {
            w.WriteHref("next", PageRequest.Link(resourceUrl, query, page.Number + 1));
        }

        w.WriteEndObject();
    }
}
