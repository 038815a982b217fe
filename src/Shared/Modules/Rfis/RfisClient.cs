using System.Globalization;
using System.Text.Json;
using AccBackup.Acc;

namespace AccBackup.Modules.Rfis;

/// <summary>Reads ACC RFIs v3 with a service account's user-context token, inside the RFIs quota (100/min per app, every
/// endpoint) and the APS retries: RFIs through <c>POST search:rfis</c> (hidden ones too, optionally only those updated in a
/// range), one RFI whole with its responses, its comments and its attachments of all four types. Elements are returned whole,
/// as APS sent them.</summary>
public sealed class RfisClient
{
    /// <summary>The largest page <c>search:rfis</c> and the attachments list serve.</summary>
    public const int PageLimit = 200;

    /// <summary>The page asked for comments (the reference gives no maximum; the Issues API's 100 is safe).</summary>
    public const int CommentPageLimit = 100;

    /// <summary>Every attachment type: the API lists only <c>rfiOfficialResponse</c> unless asked.</summary>
    public const string AllAttachmentTypes = "rfiResponse,rfiOfficialResponse,bridgeFiles,rfiWebHiddenFiles";

    private readonly ApsTransport transport;

    internal RfisClient(ApsTransport transport) => this.transport = transport;

    /// <summary>Every RFI, hidden ones included; with <paramref name="updatedFrom"/>, only those updated from then to
    /// <paramref name="updatedTo"/> (<c>filter.updatedAt</c>).</summary>
    /// <remarks>Sorted by creation, oldest first: an RFI updated while the pages are read keeps its place, so offset paging
    /// neither skips nor repeats one; a new RFI lands after the last page read, and the next night's range holds it.</remarks>
    public IAsyncEnumerable<JsonElement> SearchAsync(string projectId, DateTimeOffset? updatedFrom, DateTimeOffset updatedTo, CancellationToken cancellationToken)
    {
        var range = updatedFrom is { } from ? Time(from) + ".." + Time(updatedTo) : null;
        return OffsetPages.ReadAsync(ApsEndpoint.Rfis, (offset, ct) => transport.PostJsonAsync(ApsEndpoint.Rfis, Url(projectId, "search:rfis"), SearchBody(offset, range), ct),
            cancellationToken);
    }

    /// <summary>One RFI whole: what search lists plus its embedded responses.</summary>
    public async Task<JsonElement> GetAsync(string projectId, string rfiId, CancellationToken cancellationToken)
    {
        using var json = await transport.GetJsonAsync(ApsEndpoint.Rfis, Url(projectId, $"rfis/{Uri.EscapeDataString(rfiId)}"), cancellationToken).ConfigureAwait(false);
        return json.RootElement.Clone();
    }

    /// <summary>Every comment of one RFI.</summary>
    public Task<IReadOnlyList<JsonElement>> ListCommentsAsync(string projectId, string rfiId, CancellationToken cancellationToken) =>
        PagesAsync(projectId, $"rfis/{Uri.EscapeDataString(rfiId)}/comments?", CommentPageLimit, cancellationToken);

    /// <summary>Every attachment of one RFI, of all four types.</summary>
    public Task<IReadOnlyList<JsonElement>> ListAttachmentsAsync(string projectId, string rfiId, CancellationToken cancellationToken) =>
        PagesAsync(projectId, $"rfis/{Uri.EscapeDataString(rfiId)}/attachments?filter%5BattachmentTypes%5D={Uri.EscapeDataString(AllAttachmentTypes)}&", PageLimit, cancellationToken);

    /// <summary>The RFIs API's project id: the Data Management id without its <c>b.</c>.</summary>
    public static string RfisProjectId(string projectId) => projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId;

    /// <summary><c>{"limit","offset","filter":{"includeHidden":true[,"updatedAt":"from..to"]},"sort":[{"field":"createdAt","order":"asc"}]}</c>.</summary>
    private static byte[] SearchBody(long offset, string? updatedAt)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        using (var w = new Utf8JsonWriter(buffer))
        {
            w.WriteStartObject();
            w.WriteNumber("limit", PageLimit);
            w.WriteNumber("offset", offset);
            w.WriteStartObject("filter");
            w.WriteBoolean("includeHidden", true);
            if (updatedAt is not null)
            {
                w.WriteString("updatedAt", updatedAt);
            }

            w.WriteEndObject();
            w.WriteStartArray("sort");
            w.WriteStartObject();
            w.WriteString("field", "createdAt");
            w.WriteString("order", "asc");
            w.WriteEndObject();
            w.WriteEndArray();
            w.WriteEndObject();
        }

        return buffer.WrittenSpan.ToArray();
    }

    private static string Time(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);

    private static Uri Url(string projectId, string relative) =>
        new($"construction/rfis/v3/projects/{Uri.EscapeDataString(RfisProjectId(projectId))}/{relative}", UriKind.Relative);

    private async Task<IReadOnlyList<JsonElement>> PagesAsync(string projectId, string pathAndQuery, int limit, CancellationToken cancellationToken) =>
        await OffsetPages.ToListAsync(OffsetPages.ReadAsync(ApsEndpoint.Rfis, (offset, ct) => transport.GetJsonAsync(
            ApsEndpoint.Rfis, Url(projectId, string.Create(CultureInfo.InvariantCulture, $"{pathAndQuery}limit={limit}&offset={offset}")), ct), cancellationToken)).ConfigureAwait(false);
}
