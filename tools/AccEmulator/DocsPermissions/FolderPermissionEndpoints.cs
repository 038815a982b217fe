using System.Buffers;
using System.Text.Encodings.Web;
using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.DocsPermissions;

/// <summary>
/// Docs folder permissions (<c>GET /bim360/docs/v1/projects/{projectId}/folders/{folderId}/permissions</c>, project id without
/// <c>b.</c>): a bare array of the users, roles and companies with access, each with its own and inherited actions. The app's
/// token or a user's (a service account must be a member of the project).
/// </summary>
internal static class FolderPermissionEndpoints
{
    private static readonly JsonWriterOptions Writer = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static void Map(WebApplication app) =>
        app.MapGet("/bim360/docs/v1/projects/{projectId}/folders/{folderId}/permissions", List).Aps(EndpointCategory.FolderPermissions);

    private static IResult List(string projectId, string folderId, HttpRequest request, EmulatorState state)
    {
        var buffer = new ArrayBufferWriter<byte>();
        lock (state.FolderPermissions.SyncRoot)
        {
            var (project, error) = DocsProjectAccess.Check(projectId, request, state);
            if (error is not null)
            {
                return error;
            }

            if (state.Account.FindFolder(project!.Id, folderId) is not { } folder)
            {
                return ApsErrors.NotFound($"Folder '{folderId}' not found in project '{projectId}'.");
            }

            using var w = new Utf8JsonWriter(buffer, Writer);
            FolderPermissionJson.WriteFolder(w, state.FolderPermissions, folder);
        }

        return Results.Bytes(buffer.WrittenMemory.ToArray(), "application/json; charset=utf-8");
    }
}
