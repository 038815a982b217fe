using System.Buffers;
using System.Text.Json;
using AccEmulator.Control;
using AccEmulator.DocsPermissions;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.CustomAttributes;

/// <summary>The oracle for custom attribute backups: every folder's definitions (the root excepted) and every version's record as
/// the API answers them.</summary>
public sealed class AttributeTruth
{
    private readonly AttributeStore _store;

    internal AttributeTruth(AttributeStore store) => _store = store;

    /// <summary><c>{"projects":[{"projectId","folders":[{"folderId","hidden","definitions":[…]}],"versions":[{"versionId","record"}]}]}</c>
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
            foreach (var project in _store.Account.Projects.Where(p => only is null || p.ProjectGuid == only))
            {
                w.WriteStartObject();
                w.WriteString("projectId", project.ProjectGuid);
                w.WriteStartArray("folders");
                foreach (var folder in _store.Account.Folders.Values.Where(f => f.Project == project && !f.IsRoot).OrderBy(f => f.Id, StringComparer.Ordinal))
                {
                    w.WriteStartObject();
                    w.WriteString("folderId", folder.Id);
                    w.WriteBoolean("hidden", FolderPermissionTruth.IsHidden(folder));
                    w.WriteStartArray("definitions");
                    foreach (var definition in _store.DefinitionsOf(folder))
                    {
                        AttributeJson.WriteDefinition(w, definition);
                    }

                    w.WriteEndArray();
                    w.WriteEndObject();
                }

                w.WriteEndArray();
                w.WriteStartArray("versions");
                foreach (var version in _store.Account.Versions.Values.Where(v => v.Item.Parent.Project == project).OrderBy(v => v.Id, StringComparer.Ordinal))
                {
                    w.WriteStartObject();
                    w.WriteString("versionId", version.Id);
                    w.WritePropertyName("record");
                    AttributeJson.WriteVersion(w, _store, version);
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

    /// <summary><c>GET /_emulator/attributes/truth[?projectId=]</c>.</summary>
    internal static void Map(WebApplication app) =>
        app.MapGet("/_emulator/attributes/truth", (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = state.AttributeTruth.Get(projectId.Length == 0 ? null : projectId);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);
}
