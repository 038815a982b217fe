namespace AccEmulator.Endpoints;

/// <summary>What a paged collection's <c>next</c> link carries besides <c>page[number]</c>.</summary>
public enum PageLinkQuery
{
    /// <summary>
    /// <c>?page%5Bnumber%5D=N</c> then every other parameter of the request (<c>page[limit]</c>, <c>includeHidden</c>,
    /// filters), as APS's recorded project listings keep <c>page%5Blimit%5D</c> (the default).
    /// </summary>
    Echo,

    /// <summary>
    /// Only <c>?page%5Bnumber%5D=N</c>, as APS's documented folder-contents examples show: a client that follows such a
    /// link as is silently falls back to the default page size and loses <c>includeHidden</c> on later pages.
    /// </summary>
    PageNumberOnly,
}
