using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text.Json;
using AccBackup.Acc;

namespace AccBackup.Issues;

/// <summary>Reads ACC Issues v1 with a service account's user-context token, inside the Issues quota (500/min per user) and
/// the APS retries: issues page by page (undeleted or deleted, optionally only those updated since a time), comments,
/// attachments and the project's issue settings; a pass's count alone. Elements are returned whole, as APS sent them.</summary>
public sealed class IssuesClient
{
    /// <summary>The largest page APS serves for issues, comments, types and root causes.</summary>
    public const int PageLimit = 100;

    /// <summary>The largest page APS serves for custom attribute definitions and mappings.</summary>
    public const int AttributePageLimit = 200;

    private readonly ApsTransport transport;

    internal IssuesClient(ApsTransport transport) => this.transport = transport;

    /// <summary>Every issue of one pass: the undeleted ones, or (<paramref name="deleted"/>) only the deleted ones; with
    /// <paramref name="updatedSince"/>, only those updated since then (<c>filter[updatedAt]=since..</c>).</summary>
    /// <param name="projectId">The Data Management project id (<c>b.…</c>) or its GUID.</param>
    public IAsyncEnumerable<JsonElement> ListIssuesAsync(string projectId, bool deleted, DateTimeOffset? updatedSince, CancellationToken cancellationToken)
    {
        var query = "issues?" + (deleted ? "filter%5Bdeleted%5D=true&" : "")
            + (updatedSince is { } since ? "filter%5BupdatedAt%5D=" + Uri.EscapeDataString(Time(since) + "..") + "&" : "");
        return PagesAsync(projectId, query, PageLimit, cancellationToken);
    }

    /// <summary>How many issues one pass lists now (undeleted, or <paramref name="deleted"/> only): its <c>pagination.totalResults</c>,
    /// asked with a one-issue page and no updatedAt filter, so one call whatever the project's size.</summary>
    public async Task<long> CountIssuesAsync(string projectId, bool deleted, CancellationToken cancellationToken)
    {
        using var json = await GetAsync(projectId, "issues?" + (deleted ? "filter%5Bdeleted%5D=true&" : "") + "limit=1&offset=0", cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.Issues);
        return reader.RequiredInt64(reader.Required(json.RootElement, "pagination", JsonValueKind.Object), "totalResults");
    }

    /// <summary>Every comment of one issue.</summary>
    public Task<IReadOnlyList<JsonElement>> ListCommentsAsync(string projectId, string issueId, CancellationToken cancellationToken) =>
        ToListAsync(PagesAsync(projectId, $"issues/{Uri.EscapeDataString(issueId)}/comments?", PageLimit, cancellationToken));

    /// <summary>Every attachment of one issue (at most 100; the API sends them in one body, without paging).</summary>
    public async Task<IReadOnlyList<JsonElement>> ListAttachmentsAsync(string projectId, string issueId, CancellationToken cancellationToken)
    {
        using var json = await GetAsync(projectId, $"attachments/{Uri.EscapeDataString(issueId)}/items", cancellationToken).ConfigureAwait(false);
        var attachments = new JsonApiReader(ApsEndpoint.Issues).Required(json.RootElement, "attachments", JsonValueKind.Array);
        return [.. attachments.EnumerateArray().Select(a => a.Clone())];
    }

    /// <summary>The project's issue settings: types with subtypes, root-cause categories with root causes, custom attribute definitions and mappings.</summary>
    public async Task<IssueSettingsRecord> GetSettingsAsync(string projectId, CancellationToken cancellationToken) => new(
        await ToListAsync(PagesAsync(projectId, "issue-types?include=subtypes&", PageLimit, cancellationToken)).ConfigureAwait(false),
        await ToListAsync(PagesAsync(projectId, "issue-root-cause-categories?include=rootcauses&", PageLimit, cancellationToken)).ConfigureAwait(false),
        await ToListAsync(PagesAsync(projectId, "issue-attribute-definitions?", AttributePageLimit, cancellationToken)).ConfigureAwait(false),
        await ToListAsync(PagesAsync(projectId, "issue-attribute-mappings?", AttributePageLimit, cancellationToken)).ConfigureAwait(false));

    /// <summary>The Issues API's project id: the Data Management id without its <c>b.</c>.</summary>
    public static string IssuesProjectId(string projectId) => projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId;

    /// <summary>A time as a <c>filter[updatedAt]</c> bound: UTC with milliseconds.</summary>
    public static string Time(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);

    // Offset paging: offset += what came back, until offset reaches pagination.totalResults (or a page is empty).
    private async IAsyncEnumerable<JsonElement> PagesAsync(string projectId, string pathAndQuery, int limit, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var reader = new JsonApiReader(ApsEndpoint.Issues);
        for (var offset = 0L; ;)
        {
            var page = string.Create(CultureInfo.InvariantCulture, $"{pathAndQuery}limit={limit}&offset={offset}");
            using var json = await GetAsync(projectId, page, cancellationToken).ConfigureAwait(false);
            var total = reader.RequiredInt64(reader.Required(json.RootElement, "pagination", JsonValueKind.Object), "totalResults");
            var results = reader.Required(json.RootElement, "results", JsonValueKind.Array);
            foreach (var result in results.EnumerateArray())
            {
                yield return result.Clone();
            }

            offset += results.GetArrayLength();
            if (results.GetArrayLength() == 0 || offset >= total)
            {
                yield break;
            }
        }
    }

    private async Task<JsonDocument> GetAsync(string projectId, string relative, CancellationToken cancellationToken)
    {
        var project = IssuesProjectId(projectId);
        var url = new Uri($"construction/issues/v1/projects/{Uri.EscapeDataString(project)}/{relative}", UriKind.Relative);
        try
        {
            return await transport.GetJsonAsync(ApsEndpoint.Issues, url, cancellationToken).ConfigureAwait(false);
        }
        catch (ApsAuthenticationException e) when (e.Endpoint == ApsEndpoint.Issues)
        {
            throw new IssuesAccessException(projectId, e);
        }
    }

    private static async Task<IReadOnlyList<JsonElement>> ToListAsync(IAsyncEnumerable<JsonElement> items)
    {
        var list = new List<JsonElement>();
        await foreach (var item in items.ConfigureAwait(false))
        {
            list.Add(item);
        }

        return list;
    }
}

/// <summary>The Issues API refused a project's issues (401/403): the token is not a user's, or the service account is not
/// invited to the project. A failure of that project's issues only; the files are unaffected.</summary>
public sealed class IssuesAccessException(string projectId, ApsAuthenticationException inner)
    : ApsException(ApsEndpoint.Issues, inner.Status,
        $"ACC Issues refused access to project {projectId} ({(int?)inner.Status}): {inner.Message} The Issues API needs a Secure Service Account's user-context token: "
        + $"check that {IssuesOptions.SectionName}:ServiceAccountId is set and that the service account's e-mail is invited to the project with permission to view issues.",
        inner)
{
    /// <summary>The project whose issues were refused.</summary>
    public string ProjectId { get; } = projectId;
}
