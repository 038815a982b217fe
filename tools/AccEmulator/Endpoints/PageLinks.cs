using System.Text.Json;
using AccEmulator.Endpoints.JsonApi;

namespace AccEmulator.Endpoints;

/// <summary>Writes a paged collection's <c>links</c>: <c>self</c>, and <c>next</c> before the last page.</summary>
/// <remarks>
/// As recorded ACC responses carry them: <c>self</c> is the collection without any query, <c>next</c> starts with
/// <c>page%5Bnumber%5D=N</c>; there is no <c>first</c> or <c>prev</c> (the reference schema lists them as optional).
/// </remarks>
internal static class PageLinks
{
    public static void Write(Utf8JsonWriter w, string resourceUrl, IQueryCollection query, PageRequest page, int total, PageLinkQuery style)
    {
        var carried = style == PageLinkQuery.Echo ? query : QueryCollection.Empty;
        w.WriteStartObject("links");
        w.WriteHref("self", resourceUrl);
        if ((long)(page.Number + 1) * page.Limit < total)
        {
            w.WriteHref("next", PageRequest.Link(resourceUrl, carried, page.Number + 1));
        }

        w.WriteEndObject();
    }
}
