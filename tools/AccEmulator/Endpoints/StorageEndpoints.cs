using System.Text.Json;
using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary><c>POST /data/v1/projects/{projectId}/storage</c>: reserves an OSS object for a file about to be uploaded into a folder.</summary>
/// <remarks>
/// The object has no bytes until its signed-S3 upload completes (<see cref="Uploads.UploadEndpoints"/>): signing a download
/// for it answers 404 until then. The identity needs the upload permission on the folder. Ids come from their own seeded
/// stream, so the same requests get the same ids.
/// </remarks>
internal static class StorageEndpoints
{
    public static void Map(WebApplication app) =>
        app.MapPost("/data/v1/projects/{projectId}/storage", CreateAsync).Aps(EndpointCategory.Storage);

    private static async Task<IResult> CreateAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        if (await ReadAsync(request) is not { } target)
        {
            return ApsErrors.BadInput("The body must be {\"data\":{\"type\":\"objects\",\"attributes\":{\"name\":…},\"relationships\":{\"target\":{\"data\":{\"type\":\"folders\",\"id\":…}}}}}.");
        }

        var links = ApiLinks.For(request);
        var user = Permissions.WriteIdentity.Of(request, state);
        lock (state.Account.SyncRoot)
        {
            if (state.Account.FindFolder(projectId, target.FolderId) is not { } folder)
            {
                return ApsErrors.NotFound($"Folder '{target.FolderId}' was not found in project '{projectId}'.");
            }

            if (Permissions.WriteIdentity.Refusal(request, state, folder.Project) is { } refusal)
            {
                return ApsErrors.Forbidden(refusal);
            }

            if (!state.Permissions.Allows(folder, user, Permissions.PermissionActions.Upload))
            {
                return ApsErrors.Forbidden($"User '{user}' lacks the 'upload' permission on folder '{folder.Id}'.");
            }

            var extension = FileTypes.Extension(target.Name);
            var objectKey = state.StorageIds.NextGuid().ToString("D") + (extension is null ? "" : "." + extension);
            state.Uploads.Reserve(objectKey, new Uploads.StorageReservation(projectId, folder.Id, target.Name));
            var storageId = $"urn:adsk.objects:os.object:{StorageObject.Bucket}/{objectKey}";
            return JsonBody.JsonApi(w =>
            {
                w.WriteStartObject("links");
                w.WriteHref("self", $"{links.BaseUrl}/oss/v2/buckets/{StorageObject.Bucket}/objects/{ApiLinks.Encode(objectKey)}");
                w.WriteEndObject();
                w.WriteStartObject("data");
                w.WriteString("type", "objects");
                w.WriteString("id", storageId);
                w.WriteStartObject("relationships");
                w.WriteRelationship("target", "folders", folder.Id, links.Folder(folder));
                w.WriteEndObject();
                w.WriteEndObject();
            }, StatusCodes.Status201Created);
        }
    }

    /// <summary>The file name and target folder of a storage request; null when the body is not one.</summary>
    private static async Task<(string Name, string FolderId)?> ReadAsync(HttpRequest request)
    {
        try
        {
            using var body = await JsonDocument.ParseAsync(request.Body, cancellationToken: request.HttpContext.RequestAborted);
            var data = body.RootElement.GetProperty("data");
            var name = data.GetProperty("attributes").GetProperty("name").GetString();
            var target = data.GetProperty("relationships").GetProperty("target").GetProperty("data");
            var folderId = target.GetProperty("id").GetString();
            return data.GetProperty("type").GetString() == "objects" && target.GetProperty("type").GetString() == "folders"
                && !string.IsNullOrEmpty(name) && !string.IsNullOrEmpty(folderId)
                ? (name, folderId)
                : null;
        }
        catch (Exception e) when (e is JsonException or KeyNotFoundException or InvalidOperationException)
        {
            return null;
        }
    }
}
