using System.Buffers;
using System.Security.Cryptography;
using System.Text.Json;

namespace AccEmulator.Sheets;

/// <summary>The oracle for Sheets backups: every collection, version set and sheet (every issuance, deleted ones too) in the
/// API's shapes, and per version set the SHA-256 of the PDF an export of its live sheets with published markups returns.</summary>
public sealed class SheetTruth
{
    private readonly SheetStore _store;

    internal SheetTruth(SheetStore store) => _store = store;

    /// <summary><c>{"projects":[{"projectId","activated","collections":[…],"versionSets":[{"versionSet","sheetIds","pdfSha256"}],"sheets":[…]}]}</c>,
    /// for one project (GUID, with or without <c>b.</c>) or all.</summary>
    public JsonDocument Get(string? projectId = null)
    {
        Guid? only = projectId is null ? null : Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        var buffer = new ArrayBufferWriter<byte>();
        lock (_store.SyncRoot)
        {
            using var w = new Utf8JsonWriter(buffer);
            w.WriteStartObject();
            w.WriteStartArray("projects");
            foreach (var project in _store.Projects.Where(p => only is null || p.ProjectGuid == only))
            {
                WriteProject(w, project);
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        return JsonDocument.Parse(buffer.WrittenMemory);
    }

    private static void WriteProject(Utf8JsonWriter w, ProjectSheets project)
    {
        w.WriteStartObject();
        w.WriteString("projectId", project.ProjectGuid);
        w.WriteBoolean("activated", project.Activated);
        w.WriteStartArray("collections");
        project.Collections.ForEach(c => SheetJson.WriteCollection(w, c));
        w.WriteEndArray();
        w.WriteStartArray("versionSets");
        foreach (var set in project.VersionSets)
        {
            var live = project.SheetsOf(set).Where(s => !s.Deleted).ToList();
            w.WriteStartObject();
            w.WritePropertyName("versionSet");
            SheetJson.WriteVersionSet(w, set);
            w.WriteStartArray("sheetIds");
            live.ForEach(s => w.WriteStringValue(s.Id));
            w.WriteEndArray();
            if (live.Count > 0)
            {
                w.WriteString("pdfSha256", Convert.ToHexStringLower(SHA256.HashData(SheetPdf.Render(live, publishedMarkups: true))));
            }
            else
            {
                w.WriteNull("pdfSha256");
            }

            w.WriteEndObject();
        }

        w.WriteEndArray();
        w.WriteStartArray("sheets");
        project.Sheets.ForEach(s => SheetJson.WriteSheet(w, s));
        w.WriteEndArray();
        w.WriteEndObject();
    }
}
