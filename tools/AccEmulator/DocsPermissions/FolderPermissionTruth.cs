using System.Buffers;
using System.Text.Json;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.DocsPermissions;

/// <summary>The oracle for permission backups: every folder of every project (the root excepted) with what the permissions API
/// answers for it.</summary>
public sealed class FolderPermissionTruth
{
    private readonly FolderPermissionStore _store;

    internal FolderPermissionTruth(FolderPermissionStore store) => _store = store;

    /// <summary><c>{"projects":[{"projectId","folders":[{"folderId","path","hidden","permissions":[…]}]}]}</c> for one project (GUID,
    /// with or without <c>b.</c>) or all.</summary>
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
                    w.WriteString("path", string.Join('/', folder.PathSegments));
                    w.WriteBoolean("hidden", IsHidden(folder));
                    w.WritePropertyName("permissions");
                    FolderPermissionJson.WriteFolder(w, _store, folder);
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

    /// <summary><c>GET /_emulator/permissions/truth[?projectId=]</c>.</summary>
    internal static void Map(WebApplication app) =>
        app.MapGet("/_emulator/permissions/truth", (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = state.FolderPermissionTruth.Get(projectId.Length == 0 ? null : projectId);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);

    /// <summary>Whether the folder or one above it is hidden (a listing without hidden folders never reaches it).</summary>
    internal static bool IsHidden(Accounts.EmulatedFolder folder)
    {
        for (var f = folder; f is not null; f = f.Parent)
        {
            if (f.Hidden)
            {
                return true;
            }
        }

        return false;
    }
}
