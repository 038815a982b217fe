using System.Globalization;
using System.Net;
using System.Runtime.CompilerServices;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.JsonApi;
using AccBackup.Issues.Snapshots;

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

    // Set once the service refused a filter[updatedAt] range: every later changed-issues read goes straight to the sorted read.
    private volatile bool rangeRefused;

    internal IssuesClient(ApsTransport transport) => this.transport = transport;

    /// <summary>Every issue of one pass: the undeleted ones, or (<paramref name="deleted"/>) only the deleted ones; with
    /// <paramref name="updatedSince"/>, only those updated since then (<see cref="ListChangedAsync"/>).</summary>
    /// <param name="projectId">The Data Management project id (<c>b.…</c>) or its GUID.</param>
    public IAsyncEnumerable<JsonElement> ListIssuesAsync(string projectId, bool deleted, DateTimeOffset? updatedSince, CancellationToken cancellationToken) =>
        updatedSince is { } since
            ? ListChangedAsync(projectId, Pass(deleted), since, cancellationToken)
            : PagesAsync(projectId, Pass(deleted), PageLimit, cancellationToken);

    /// <summary>How many issues one pass lists now (undeleted, or <paramref name="deleted"/> only): its <c>pagination.totalResults</c>,
    /// asked with a one-issue page and no updatedAt filter, so one call whatever the project's size.</summary>
    public async Task<long> CountIssuesAsync(string projectId, bool deleted, CancellationToken cancellationToken)
    {
        using var json = await GetAsync(projectId, Pass(deleted) + "limit=1&offset=0", cancellationToken).ConfigureAwait(false);
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

    /// <summary>The issues of one pass updated at or after <paramref name="since"/>: asked as the range <c>filter[updatedAt]=since..</c>;
    /// where the service refuses a range (400: its reference documents single values), read newest first
    /// (<c>sortBy=-updatedAt</c>) until an issue is older than <paramref name="since"/>. Once refused, this client asks no more.</summary>
    /// <remarks>Offset paging over a list sorted newest first can only repeat an issue, never skip one: an issue updated while it
    /// is read moves to the front, which the read has passed, and pushes the rest one place on. A repeat is dropped here; the
    /// moved issue was updated after the export began, so the next export reads it.</remarks>
    private async IAsyncEnumerable<JsonElement> ListChangedAsync(string projectId, string pass, DateTimeOffset since, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if (!rangeRefused)
        {
            var range = pass + "filter%5BupdatedAt%5D=" + Uri.EscapeDataString(Time(since) + "..") + "&";
            var first = await TryGetRangeAsync(projectId, Page(range, PageLimit, 0), cancellationToken).ConfigureAwait(false);
            if (first is not null)
            {
                await foreach (var issue in PagesAsync(projectId, range, PageLimit, cancellationToken, first).ConfigureAwait(false))
                {
                    yield return issue;
                }

                yield break;
            }

            rangeRefused = true;
        }

        var reader = new JsonApiReader(ApsEndpoint.Issues);
        var seen = new HashSet<string>(StringComparer.Ordinal);
        await foreach (var issue in PagesAsync(projectId, pass + "sortBy=-updatedAt&", PageLimit, cancellationToken).ConfigureAwait(false))
        {
            var updatedAt = reader.RequiredString(issue, "updatedAt");
            if (!DateTimeOffset.TryParse(updatedAt, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var updated))
            {
                throw new ApsResponseException(ApsEndpoint.Issues, $"APS Issues sent an issue whose updatedAt is not a time: '{updatedAt}'.");
            }

            if (updated < since)
            {
                yield break;
            }

            if (seen.Add(reader.RequiredString(issue, "id")))
            {
                yield return issue;
            }
        }
    }

    /// <summary>The first page of a range read; null when the service refuses the range (400).</summary>
    private async Task<JsonDocument?> TryGetRangeAsync(string projectId, string relative, CancellationToken cancellationToken)
    {
        try
        {
            return await GetAsync(projectId, relative, cancellationToken).ConfigureAwait(false);
        }
        catch (ApsRequestException e) when (e.Status == HttpStatusCode.BadRequest)
        {
            return null;
        }
    }

    // Offset paging: offset += what came back, until offset reaches pagination.totalResults (or a page is empty).
    private async IAsyncEnumerable<JsonElement> PagesAsync(
        string projectId, string pathAndQuery, int limit, [EnumeratorCancellation] CancellationToken cancellationToken, JsonDocument? firstPage = null)
    {
        var reader = new JsonApiReader(ApsEndpoint.Issues);
        for (var offset = 0L; ;)
        {
            using var json = firstPage ?? await GetAsync(projectId, Page(pathAndQuery, limit, offset), cancellationToken).ConfigureAwait(false);
            firstPage = null;
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

    private static string Pass(bool deleted) => "issues?" + (deleted ? "filter%5Bdeleted%5D=true&" : "");

    private static string Page(string pathAndQuery, int limit, long offset) =>
        string.Create(CultureInfo.InvariantCulture, $"{pathAndQuery}limit={limit}&offset={offset}");

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
