using System.Runtime.CompilerServices;
using System.Text.Json;
using AccBackup.Acc.JsonApi;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Lists an account's projects, folders and files through the Data Management API.</summary>
public sealed class ApsDataClient
{
    /// <summary>The largest <c>page[limit]</c> the Data Management reference documents for the paged lists read here
    /// (hub projects, folder contents, item versions): fewer pages, fewer calls against the quotas.</summary>
    private const int PageLimit = 200;

    private readonly ApsTransport transport;
    private readonly string hubId;

    /// <summary>Creates the client.</summary>
    public ApsDataClient(ApsTransport transport, IOptions<ApsOptions> options)
    {
        this.transport = transport;
        hubId = options.Value.HubId;
    }

    /// <summary>Every project of the account, following paging.</summary>
    public async IAsyncEnumerable<AccProject> ListProjectsAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var reader = new JsonApiReader(ApsEndpoint.Projects);
        var query = new ApsPageQuery(("page[limit]", PageLimit.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        var url = Relative($"project/v1/hubs/{Escape(hubId)}/projects?{query}");
        await foreach (var item in PagesAsync(ApsEndpoint.Projects, url, query, cancellationToken).ConfigureAwait(false))
        {
            var attributes = reader.Required(item, "attributes", JsonValueKind.Object);
            var root = reader.OptionalPath(item, "relationships", "rootFolder", "data", "id")?.GetString();
            yield return new AccProject(reader.RequiredString(item, "id"), reader.RequiredString(attributes, "name"), root);
        }
    }

    /// <summary>The top-level folders of a project visible to the app.</summary>
    public async IAsyncEnumerable<AccFolder> ListTopFoldersAsync(string projectId, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var url = Relative($"project/v1/hubs/{Escape(hubId)}/projects/{Escape(projectId)}/topFolders");
        await foreach (var item in PagesAsync(ApsEndpoint.TopFolders, url, new ApsPageQuery(), cancellationToken).ConfigureAwait(false))
        {
            yield return AccEntryParser.Folder(new JsonApiReader(ApsEndpoint.TopFolders), item);
        }
    }

    /// <summary>One folder, e.g. to compare its rollup time with the one recorded last night.</summary>
    public async Task<AccFolder> GetFolderAsync(string projectId, string folderId, CancellationToken cancellationToken)
    {
        var url = Relative($"data/v1/projects/{Escape(projectId)}/folders/{Escape(folderId)}");
        using var json = await transport.GetJsonAsync(ApsEndpoint.Folder, url, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.Folder);
        return AccEntryParser.Folder(reader, reader.Required(json.RootElement, "data", JsonValueKind.Object));
    }

    /// <summary>A folder's sub-folders and files, every page, each file with its tip version from <c>included</c>.</summary>
    public async IAsyncEnumerable<FolderEntry> ListFolderContentsAsync(
        string projectId, string folderId, bool includeHidden, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var reader = new JsonApiReader(ApsEndpoint.FolderContents);
        var query = new ApsPageQuery(
            ("page[limit]", PageLimit.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            ("includeHidden", includeHidden ? "true" : "false"));
        Uri? url = Relative($"data/v1/projects/{Escape(projectId)}/folders/{Escape(folderId)}/contents?{query}");
        while (url is not null)
        {
            using var json = await transport.GetJsonAsync(ApsEndpoint.FolderContents, url, cancellationToken).ConfigureAwait(false);
            var root = json.RootElement;
            var versions = AccEntryParser.IncludedVersions(reader, root);
            foreach (var item in reader.Required(root, "data", JsonValueKind.Array).EnumerateArray())
            {
                yield return AccEntryParser.Entry(reader, item, versions);
            }

            url = NextPage(reader, root, query);
        }
    }

    /// <summary>Every version of an item, every page (APS lists them newest first).</summary>
    public async IAsyncEnumerable<AccFileVersion> ListVersionsAsync(string projectId, string itemId, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var reader = new JsonApiReader(ApsEndpoint.ItemVersions);
        var query = new ApsPageQuery(("page[limit]", PageLimit.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        var url = Relative($"data/v1/projects/{Escape(projectId)}/items/{Escape(itemId)}/versions?{query}");
        await foreach (var item in PagesAsync(ApsEndpoint.ItemVersions, url, query, cancellationToken).ConfigureAwait(false))
        {
            yield return AccEntryParser.Version(reader, item);
        }
    }

    /// <summary>One version by its id (<c>urn:adsk.wipprod:fs.file:vf.…?version=N</c>), e.g. a Docs file attached to an issue.</summary>
    public async Task<AccFileVersion> GetVersionAsync(string projectId, string versionId, CancellationToken cancellationToken)
    {
        var url = Relative($"data/v1/projects/{Escape(projectId)}/versions/{Escape(versionId)}");
        using var json = await transport.GetJsonAsync(ApsEndpoint.ItemVersions, url, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.ItemVersions);
        return AccEntryParser.Version(reader, reader.Required(json.RootElement, "data", JsonValueKind.Object));
    }

    private async IAsyncEnumerable<JsonElement> PagesAsync(
        ApsEndpoint endpoint, Uri first, ApsPageQuery query, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var reader = new JsonApiReader(endpoint);
        Uri? url = first;
        while (url is not null)
        {
            using var json = await transport.GetJsonAsync(endpoint, url, cancellationToken).ConfigureAwait(false);
            foreach (var item in reader.Required(json.RootElement, "data", JsonValueKind.Array).EnumerateArray())
            {
                // Clone: the document is disposed when the next page is fetched.
                yield return item.Clone();
            }

            url = NextPage(reader, json.RootElement, query);
        }
    }

    /// <summary>The next page's URL with the listing's query re-applied where APS's link omitted it; null on the last page.</summary>
    private Uri? NextPage(JsonApiReader reader, JsonElement root, ApsPageQuery query)
    {
        var next = reader.OptionalPath(root, "links", "next");
        var href = next switch
        {
            { ValueKind: JsonValueKind.String } text => text.GetString(),
            { ValueKind: JsonValueKind.Object } link => reader.OptionalString(link, "href"),
            _ => null,
        };
        if (string.IsNullOrEmpty(href))
        {
            return null;
        }

        // A host-relative href ("/data/v1/…", as APS's reference examples for folder contents and versions show) is
        // resolved against the API base. Tested first: on Linux and macOS, Uri reads a leading '/' as an absolute file path
        // (file:///data/v1/…). A link that resolves to another host is refused by the transport.
        var uri = href.StartsWith('/') ? new Uri(transport.BaseUrl, href)
            : Uri.TryCreate(href, UriKind.Absolute, out var absolute) ? absolute
            : throw reader.Malformed($"links.next is neither an absolute URL nor a host-relative path: '{href}'");
        return query.Complete(uri);
    }

    private static Uri Relative(string path) => new(path, UriKind.Relative);

    private static string Escape(string id) => Uri.EscapeDataString(id);
}
