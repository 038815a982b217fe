using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;
using AccEmulator.Issues;

namespace AccEmulator.Forms;

/// <summary>
/// The ACC Forms API (<c>/construction/forms/v1|v2/projects/{projectId}/…</c>, project id without <c>b.</c>): v2 forms
/// (<c>limit</c> 1–50, <c>offset</c>, <c>updatedAfter</c>/<c>updatedBefore</c> at or after/before, <c>statuses</c>, <c>ids</c>,
/// <c>templateId</c>, <c>sort</c> by formNum or updatedAt, <c>include=inactiveFormTemplates</c>; discarded forms never listed), v1
/// templates (a PDF template's <c>pdfUrl</c> signed like a form's PDF), v2 values (limit ≤ 100), v1 table values of a built-in
/// table (404 when the form's layout has none), v2 PDF values.
/// Every answer is <c>{"data":[…],"pagination":{offset,limit,totalResults,nextUrl}}</c>. Only a user-context token reaches them
/// (<see cref="UserContextAccessFilter"/>); all count against one quota of 100 a minute per app.
/// </summary>
internal static class FormEndpoints
{
    public const int MaxLimit = 50;
    public const int MaxValueLimit = 100;

    /// <summary>The schema ids of the built-in tables, as the table-values endpoint takes them.</summary>
    public static readonly IReadOnlyDictionary<string, string> TableSchemas = new Dictionary<string, string>(StringComparer.Ordinal)
    {
        ["worklogEntries"] = "6c8055d5-1301-46f6-9d18-8a2a208a277e",
        ["materialsEntries"] = "2adf5ad9-d9d3-ee42-6fd8-015c34ce474d",
        ["equipmentEntries"] = "8af6c450-dd2a-32ae-0090-5493a9cc884e",
    };

    /// <summary>The bucket of form and template PDFs' signed URLs.</summary>
    public const string PdfBucket = "forms-pdfs";

    public static void Map(WebApplication app)
    {
        var v2 = app.MapGroup("/construction/forms/v2/projects/{projectId}").AddEndpointFilter(new UserContextAccessFilter("Forms", Project));
        v2.MapGet("/forms", ListForms).Aps(EndpointCategory.Forms);
        v2.MapGet("/forms/{formId}/values", ListValues).Aps(EndpointCategory.Forms);
        v2.MapGet("/forms/{formId}/pdf-values", ListPdfValues).Aps(EndpointCategory.Forms);
        var v1 = app.MapGroup("/construction/forms/v1/projects/{projectId}").AddEndpointFilter(new UserContextAccessFilter("Forms", Project));
        v1.MapGet("/form-templates", ListTemplates).Aps(EndpointCategory.Forms);
        v1.MapGet("/forms/{formId}/table/{fieldId}/values", ListTableRows).Aps(EndpointCategory.Forms);
    }

    /// <summary>The project of a route (a GUID without <c>b.</c>) when the account has it; null otherwise.</summary>
    internal static Guid? Project(EmulatorState state, string projectId)
    {
        if (projectId.StartsWith("b.", StringComparison.Ordinal) || !Guid.TryParse(projectId, out var guid))
        {
            return null;
        }

        lock (state.Forms.SyncRoot)
        {
            return state.Forms.Find(guid) is null ? null : guid;
        }
    }

    private static IResult ListForms(string projectId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error) || !FormQuery.TryParse(request.Query, out var query, out error))
        {
            return BadRequest(error!);
        }

        var now = state.Clock.GetUtcNow();
        var baseUrl = ApiLinks.For(request).BaseUrl;
        lock (state.Forms.SyncRoot)
        {
            var matching = query.Apply(state.Forms.Find(Guid.Parse(projectId))!.Listable).ToList();
            return JsonBody.Object(w => FormJson.WritePage(w, request, page.Limit, page.Offset, matching, (writer, form) => FormJson.WriteForm(writer, form,
                form.Pdf is { } pdf ? state.Signer.CreateUrl(baseUrl, PdfBucket, pdf.Storage.ObjectKey, null, now, TimeSpan.FromHours(1)) : null, now)));
        }
    }

    private static IResult ListTemplates(string projectId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        var now = state.Clock.GetUtcNow();
        var baseUrl = ApiLinks.For(request).BaseUrl;
        lock (state.Forms.SyncRoot)
        {
            var templates = state.Forms.Find(Guid.Parse(projectId))!.Templates;
            return JsonBody.Object(w => FormJson.WritePage(w, request, page.Limit, page.Offset, templates, (writer, template) => FormJson.WriteTemplate(writer, template,
                template.Pdf is { } pdf ? state.Signer.CreateUrl(baseUrl, PdfBucket, pdf.Storage.ObjectKey, null, now, TimeSpan.FromHours(1)) : null)));
        }
    }

    private static IResult ListValues(string projectId, string formId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxValueLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Forms.SyncRoot)
        {
            return Form(state, projectId, formId) is { } form
                ? JsonBody.Object(w => FormJson.WritePage(w, request, page.Limit, page.Offset, form.Values.OrderBy(v => v.UpdatedAt).ToList(), FormJson.WriteValue))
                : NotFound($"Form '{formId}' not found.");
        }
    }

    private static IResult ListTableRows(string projectId, string formId, string fieldId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Forms.SyncRoot)
        {
            if (Form(state, projectId, formId) is not { } form)
            {
                return NotFound($"Form '{formId}' not found.");
            }

            var table = TableSchemas.FirstOrDefault(t => t.Value == fieldId).Key;
            if (table is null || form.Pdf is not null || !form.Template.HasBuiltInTables)
            {
                return NotFound($"The layout of form '{formId}' has no table '{fieldId}'.");
            }

            var rows = form.TableRows.Where(r => r.Table == table).OrderBy(r => r.Rank).ToList();
            return JsonBody.Object(w => FormJson.WritePage(w, request, page.Limit, page.Offset, rows, FormJson.WriteRow));
        }
    }

    private static IResult ListPdfValues(string projectId, string formId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Forms.SyncRoot)
        {
            return Form(state, projectId, formId) is { Pdf: not null } form
                ? JsonBody.Object(w => FormJson.WritePage(w, request, page.Limit, page.Offset, form.PdfValues, FormJson.WritePdfValue))
                : NotFound($"Form '{formId}' not found, or not a PDF form.");
        }
    }

    /// <summary>A form the API still serves (not discarded) of the route's project.</summary>
    private static EmulatedForm? Form(EmulatorState state, string projectId, string formId) =>
        Guid.TryParse(formId, out var id) && state.Forms.FindForm(id) is { } form && form.Status != "discarded"
        && Guid.TryParse(projectId, out var project) && form.ProjectGuid == project ? form : null;

    private static IResult BadRequest(string message) => ApsErrors.Gateway(StatusCodes.Status400BadRequest, message, "ERR_BAD_INPUT");

    private static IResult NotFound(string message) => ApsErrors.Gateway(StatusCodes.Status404NotFound, message, "ERR_NOT_FOUND");
}
