using System.Text.Json;
using AccEmulator.Endpoints.JsonApi;

namespace AccEmulator.Endpoints;

/// <summary>Writes a paged collection's <c>links</c>: <c>self</c>, and <c>next</c> before the last page.</summary>
/// <remarks>
/// As recorded ACC responses carry them: <c>self</c> is the collection without any query, <c>next</c> starts with
/// <c>page%5Bnumber%5D=N</c>; there is no <c>first</c> or <c>prev</c> (the reference schema lists them as optional).
/// With <see cref="EmulatorOptions.RelativePageLinks"/>, <c>next</c> is a host-relative path, as the reference's examples write it.
/// </remarks>
internal static class PageLinks
{
    public static void Write(Utf8JsonWriter w, string resourceUrl, IQueryCollection query, PageRequest page, int total, EmulatorOptions options)
    {
        var carried = options.PageLinkQuery == PageLinkQuery.Echo ? query : QueryCollection.Empty;
        w.WriteStartObject("links");
        w.WriteHref("self", resourceUrl);
        if ((long)(page.Number + 1) * page.Limit < total)
        {
            var next = PageRequest.Link(resourceUrl, carried, page.Number + 1);
            // Relative: the same text without scheme and host, so the ids stay written as they are.
            w.WriteHref("next", options.RelativePageLinks ? next[new Uri(next).GetLeftPart(UriPartial.Authority).Length..] : next);
        }

        w.WriteEndObject();
    }
}
