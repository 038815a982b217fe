using System.Buffers;
using System.Text.Json;
using AccEmulator.Accounts;
using AccEmulator.Content;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Forms;

/// <summary>The oracle for form backups: every template (without its signed <c>pdfUrl</c>) with the SHA-256 of a PDF template's
/// blank PDF as served, and every form the API lists (discarded ones never; archived ones and
/// those of inactive templates too) without the members that change with each read (<c>pdfFile.pdfUrl</c>,
/// <c>lastFetchedAt</c>), with its values, table rows, PDF values and the SHA-256 of the PDF actually served.</summary>
public sealed class FormTruth
{
    private readonly FormStore _store;
    private readonly ObjectHashes _hashes;

    internal FormTruth(FormStore store, ObjectHashes hashes)
    {
        _store = store;
        _hashes = hashes;
    }

    /// <summary><c>{"projects":[{"projectId","templates":[{"template","pdfSha256"}],"forms":[{"form","values","tableRows","pdfValues","pdfSha256"}]}]}</c>
    /// for one project (GUID, with or without <c>b.</c>) or all; forms in number order.</summary>
    public async Task<JsonDocument> GetAsync(string? projectId = null, CancellationToken cancellationToken = default)
    {
        Guid? only = projectId is null ? null : Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        List<StorageObject> objects;
        lock (_store.SyncRoot)
        {
            objects = [.. Selected(only).SelectMany(p => p.Listable).Where(f => f.Pdf is not null).Select(f => f.Pdf!.Storage),
                .. Selected(only).SelectMany(p => p.Templates).Where(t => t.Pdf is not null).Select(t => t.Pdf!.Storage)];
        }

        // A PDF never changes under its object key (a new PDF is a new object), so hashes taken before the snapshot stay right.
        var hashes = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var storage in objects)
        {
            hashes[storage.ObjectKey] = (await _hashes.GetAsync(storage, cancellationToken).ConfigureAwait(false)).Sha256;
        }

        var buffer = new ArrayBufferWriter<byte>();
        lock (_store.SyncRoot)
        {
            using var w = new Utf8JsonWriter(buffer);
            w.WriteStartObject();
            w.WriteStartArray("projects");
            foreach (var project in Selected(only))
            {
                w.WriteStartObject();
                w.WriteString("projectId", project.ProjectGuid);
                w.WriteStartArray("templates");
                foreach (var template in project.Templates)
                {
                    w.WriteStartObject();
                    w.WritePropertyName("template");
                    FormJson.WriteTemplate(w, template, pdfUrl: null);
                    w.WriteString("pdfSha256", template.Pdf is { } blank ? hashes.GetValueOrDefault(blank.Storage.ObjectKey) : null);
                    w.WriteEndObject();
                }

                w.WriteEndArray();
                w.WriteStartArray("forms");
                foreach (var form in project.Listable.OrderBy(f => f.Number))
                {
                    w.WriteStartObject();
                    w.WritePropertyName("form");
                    FormJson.WriteForm(w, form, pdfUrl: null, fetchedAt: null);
                    w.WriteStartArray("values");
                    form.Values.OrderBy(v => v.UpdatedAt).ToList().ForEach(v => FormJson.WriteValue(w, v));
                    w.WriteEndArray();
                    w.WriteStartArray("tableRows");
                    foreach (var table in FormGenerator.Tables)
                    {
                        form.TableRows.Where(r => r.Table == table).OrderBy(r => r.Rank).ToList().ForEach(r => FormJson.WriteRow(w, r));
                    }

                    w.WriteEndArray();
                    w.WriteStartArray("pdfValues");
                    form.PdfValues.ForEach(v => FormJson.WritePdfValue(w, v));
                    w.WriteEndArray();
                    w.WriteString("pdfSha256", form.Pdf is { } pdf ? hashes.GetValueOrDefault(pdf.Storage.ObjectKey) : null);
                    w.WriteEndObject();
                }

                w.WriteEndArray();
                w.WriteEndObject();
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        return JsonDocument.Parse(buffer.WrittenMemory);
    }

    /// <summary><c>GET /_emulator/forms/truth[?projectId=]</c>.</summary>
    internal static void Map(WebApplication app) =>
        app.MapGet("/_emulator/forms/truth", async (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = await state.FormTruth.GetAsync(projectId.Length == 0 ? null : projectId, request.HttpContext.RequestAborted);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);

    private IEnumerable<ProjectForms> Selected(Guid? only) => _store.Projects.Where(p => only is null || p.ProjectGuid == only);
}
