namespace AccBackup.Acc.JsonApi;

/// <summary>
/// The query a paged listing asks with, re-applied to every <c>links.next</c> that lacks part of it: APS's documented
/// folder-contents examples carry only <c>page%5Bnumber%5D=N</c>, and following such a link as is falls back to the
/// default page size and drops <c>includeHidden</c> — hidden files on later pages would be silently lost.
/// </summary>
internal sealed class ApsPageQuery
{
    private readonly (string Key, string Value)[] parameters;

    public ApsPageQuery(params (string Key, string Value)[] parameters) => this.parameters = parameters;

    /// <summary>The parameters as a query string without <c>?</c>, keys and values percent-encoded.</summary>
    public override string ToString() => Join(parameters);

    /// <summary><paramref name="next"/> with every parameter it lacks appended; the ones it has are left as APS wrote them.</summary>
    public Uri Complete(Uri next)
    {
        var present = next.Query.TrimStart('?')
            .Split('&', StringSplitOptions.RemoveEmptyEntries)
            .Select(pair => Uri.UnescapeDataString(pair.Split('=', 2)[0]))
            .ToHashSet(StringComparer.Ordinal);
        var missing = parameters.Where(p => !present.Contains(p.Key)).ToArray();
        if (missing.Length == 0)
        {
            return next;
        }

        var separator = next.Query.Length > 1 ? "&" : next.Query.Length == 1 ? string.Empty : "?";
        var withoutFragment = next.OriginalString.Split('#', 2)[0];
        return new Uri(withoutFragment + separator + Join(missing), UriKind.Absolute);
    }

    private static string Join(IEnumerable<(string Key, string Value)> pairs) =>
        string.Join('&', pairs.Select(p => Uri.EscapeDataString(p.Key) + "=" + Uri.EscapeDataString(p.Value)));
}
