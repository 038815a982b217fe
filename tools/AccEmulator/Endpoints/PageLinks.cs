using System.Text.Json;
using AccEmulator.Endpoints.JsonApi;

namespace AccEmulator.Endpoints;

/// <summary>Writes a paged collection's <c>links</c>: self, first, prev (after the first page), next (before the last).</summary>
/// <remarks>
/// As APS writes them: <c>self</c> is the collection without any query (recorded ACC responses never echo the page's
/// query in self); <c>first</c>/<c>prev</c>/<c>next</c> start with <c>page%5Bnumber%5D=N</c>.
/// </remarks>
internal static class PageLinks
{
    public static void Write(Utf8JsonWriter w, string resourceUrl, IQueryCollection query, PageRequest page, int total, PageLinkQuery style)
    {
        var carried = style == PageLinkQuery.Echo ? query : QueryCollection.Empty;
        w.WriteStartObject("links");
        w.WriteHref("self", resourceUrl);
        w.WriteHref("first", PageRequest.Link(resourceUrl, carried, 0));
        if (page.Number > 0)
        {
            w.WriteHref("prev", PageRequest.Link(resourceUrl, carried, page.Number - 1));
        }

        if ((long)(page.Number + 1) * page.Limit < total)
        {
            w.WriteHref("next", PageRequest.Link(resourceUrl, carried, page.Number + 1));
        }

        w.WriteEndObject();
    }
}
