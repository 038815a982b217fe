using System.Globalization;
using System.Net;
using System.Text.Json;
using AccBackup.Acc;

namespace AccBackup.Modules.Forms;

/// <summary>Reads ACC Forms with a service account's user-context token, inside the Forms quota (100/min per app, every
/// endpoint) and the APS retries: forms through <c>GET v2 forms</c> (every status the API lists, forms of inactive templates
/// too, optionally only those updated since a time), templates, a web form's answers (<c>v2 values</c>) and the rows of its
/// built-in tables (<c>v1 table/{fieldId}/values</c>), a PDF form's extracted values (<c>v2 pdf-values</c>). Every Forms
/// answer is <c>{"data":[…],"pagination":{offset,limit,totalResults,nextUrl}}</c>; elements are returned whole.</summary>
/// <remarks>Reference: https://aps.autodesk.com/en/docs/acc/v1/reference/http/forms-forms-v2-GET/ and the pages it links.</remarks>
public sealed class FormsClient
{
    /// <summary>The largest page the forms, templates, table and PDF-values lists serve.</summary>
    public const int PageLimit = 50;

    /// <summary>The largest page of a web form's values (raised from 50 to 100 on 2026-08-05).</summary>
    public const int ValuePageLimit = 100;

    /// <summary>The built-in tables a web form may hold, by the schema id the table-values endpoint takes (custom tables are
    /// named only in the form's layout, which this export does not read).</summary>
    public static IReadOnlyDictionary<string, string> BuiltInTables { get; } = new Dictionary<string, string>(StringComparer.Ordinal)
    {
        ["worklogEntries"] = "6c8055d5-1301-46f6-9d18-8a2a208a277e",
        ["materialsEntries"] = "2adf5ad9-d9d3-ee42-6fd8-015c34ce474d",
        ["equipmentEntries"] = "8af6c450-dd2a-32ae-0090-5493a9cc884e",
    };

    private readonly ApsTransport transport;

    internal FormsClient(ApsTransport transport) => this.transport = transport;

    /// <summary>Every form the API lists (discarded ones it never lists), forms of inactive templates included; with
    /// <paramref name="updatedAfter"/>, only those updated at or after it.</summary>
    /// <remarks>Sorted by form number: a form updated while the pages are read keeps its place, so offset paging neither skips
    /// nor repeats one; a new form lands after the last page read, and the next night's <c>updatedAfter</c> holds it.</remarks>
    public IAsyncEnumerable<JsonElement> ListFormsAsync(string projectId, DateTimeOffset? updatedAfter, CancellationToken cancellationToken)
    {
        var filter = updatedAfter is { } after ? "&updatedAfter=" + Uri.EscapeDataString(Time(after)) : "";
        return Pages(projectId, 2, "forms?include=inactiveFormTemplates&sort=formNum%20asc" + filter + "&", PageLimit, cancellationToken);
    }

    /// <summary>The forms with <paramref name="ids"/> as the API lists them now (a fresh <c>pdfFile.pdfUrl</c> for a PDF that
    /// could not be stored before).</summary>
    public IAsyncEnumerable<JsonElement> ListFormsAsync(string projectId, IReadOnlyCollection<string> ids, CancellationToken cancellationToken) =>
        Pages(projectId, 2, "forms?include=inactiveFormTemplates&ids=" + Uri.EscapeDataString(string.Join(',', ids)) + "&", PageLimit, cancellationToken);

    /// <summary>Every form template the service account can see, inactive ones too.</summary>
    public Task<List<JsonElement>> ListTemplatesAsync(string projectId, CancellationToken cancellationToken) =>
        OffsetPages.ToListAsync(Pages(projectId, 1, "form-templates?", PageLimit, cancellationToken));

    /// <summary>A web form's answered, non-tabular values.</summary>
    public Task<List<JsonElement>> ListValuesAsync(string projectId, string formId, CancellationToken cancellationToken) =>
        OffsetPages.ToListAsync(Pages(projectId, 2, $"forms/{Uri.EscapeDataString(formId)}/values?", ValuePageLimit, cancellationToken));

    /// <summary>The rows of every built-in table the form has (a table its layout lacks answers 404 and adds none).</summary>
    public async Task<List<JsonElement>> ListTableRowsAsync(string projectId, string formId, CancellationToken cancellationToken)
    {
        var rows = new List<JsonElement>();
        foreach (var schema in BuiltInTables.Values)
        {
            try
            {
                rows.AddRange(await OffsetPages.ToListAsync(Pages(projectId, 1, $"forms/{Uri.EscapeDataString(formId)}/table/{schema}/values?", PageLimit, cancellationToken))
                    .ConfigureAwait(false));
            }
            catch (ApsRequestException e) when (e.Status == HttpStatusCode.NotFound)
            {
                // The form's layout has no such table.
            }
        }

        return rows;
    }

    /// <summary>A PDF form's field values as extracted from its PDF (name/value pairs).</summary>
    public Task<List<JsonElement>> ListPdfValuesAsync(string projectId, string formId, CancellationToken cancellationToken) =>
        OffsetPages.ToListAsync(Pages(projectId, 2, $"forms/{Uri.EscapeDataString(formId)}/pdf-values?", PageLimit, cancellationToken));

    /// <summary>The Forms API's project id: the Data Management id without its <c>b.</c>.</summary>
    public static string FormsProjectId(string projectId) => projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId;

    private static string Time(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);

    private IAsyncEnumerable<JsonElement> Pages(string projectId, int version, string pathAndQuery, int limit, CancellationToken cancellationToken) =>
        OffsetPages.ReadAsync(ApsEndpoint.Forms, (offset, ct) => transport.GetJsonAsync(ApsEndpoint.Forms, new Uri(string.Create(CultureInfo.InvariantCulture,
            $"construction/forms/v{version}/projects/{Uri.EscapeDataString(FormsProjectId(projectId))}/{pathAndQuery}limit={limit}&offset={offset}"), UriKind.Relative), ct),
            cancellationToken, OffsetPages.DataResults);
}
