using System.Text.Json;
using AccEmulator.Accounts;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;
using AccEmulator.Permissions;

namespace AccEmulator.Writes;

/// <summary>
/// Data Management's writes: <c>POST …/items</c>, <c>POST …/versions</c> (incl. <c>?copyFrom=</c> and Deleted versions),
/// <c>POST …/folders</c> and <c>PATCH …/folders/{folderId}</c>. Bodies and answers after the reference
/// (https://aps.autodesk.com/en/docs/data/v2/reference/http/projects-project_id-items-POST and its versions, folders pages;
/// https://aps.autodesk.com/en/docs/data/v2/tutorials/delete-and-restore-file).
/// </summary>
internal static class WriteEndpoints
{
    private const string Project = "/data/v1/projects/{projectId}";

    public static void Map(WebApplication app)
    {
        app.MapPost(Project + "/items", CreateItemAsync).Aps(EndpointCategory.CreateItem);
        app.MapPost(Project + "/versions", CreateVersionAsync).Aps(EndpointCategory.CreateVersion);
        app.MapPost(Project + "/folders", CreateFolderAsync).Aps(EndpointCategory.CreateFolder);
        app.MapPatch(Project + "/folders/{folderId}", PatchFolderAsync).Aps(EndpointCategory.PatchFolder);
        CommandEndpoints.Map(app);
        Uploads.UploadEndpoints.Map(app);
        WriteControlEndpoints.Map(app);
    }

    /// <summary>The name comes from <c>included[0].attributes.name</c>; <c>displayName</c>, if sent, must match it.</summary>
    private static async Task<IResult> CreateItemAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        using var body = await JsonPath.ReadAsync(request);
        var root = body?.RootElement;
        var data = root?.Find("data");
        var version = root?.Find("included") is { ValueKind: JsonValueKind.Array } included && included.GetArrayLength() > 0 ? included[0] : (JsonElement?)null;
        var folderId = data?.String("relationships", "parent", "data", "id");
        var name = version?.String("attributes", "name");
        var type = data?.String("attributes", "extension", "type");
        if (data?.String("type") != "items" || folderId is null || name is null || (type is not null && type != ExtensionTypes.Item(ItemKind.File)))
        {
            return ApsErrors.BadInput("The body must be {\"data\":{\"type\":\"items\",\"attributes\":{\"extension\":{\"type\":\"items:autodesk.bim360:File\"}},\"relationships\":{\"tip\":…,\"parent\":{\"data\":{\"type\":\"folders\",\"id\":…}}}},\"included\":[{\"type\":\"versions\",\"id\":\"1\",\"attributes\":{\"name\":…},\"relationships\":{\"storage\":…}}]}.");
        }

        if (data.Value.String("attributes", "displayName") is { } displayName && displayName != name)
        {
            return ApsErrors.BadInput($"displayName '{displayName}' differs from included[0].attributes.name '{name}'.");
        }

        var storageId = version!.Value.String("relationships", "storage", "data", "id");
        var copyFrom = Query(request, "copyFrom");
        return Write(request, state, (writer, user, links) =>
        {
            var item = writer.CreateItem(projectId, folderId, name, storageId, copyFrom, user);
            return JsonBody.JsonApi(w =>
            {
                WriteSelf(w, links.Item(item));
                w.WritePropertyName("data");
                DataResources.WriteItem(w, item, links);
                w.WriteStartArray("included");
                DataResources.WriteVersion(w, item.Tip, links, state.Options.OmitStorageSize);
                w.WriteEndArray();
            }, StatusCodes.Status201Created);
        });
    }

    private static async Task<IResult> CreateVersionAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        using var body = await JsonPath.ReadAsync(request);
        var data = body?.RootElement.Find("data");
        if (data?.String("type") != "versions")
        {
            return ApsErrors.BadInput("The body must be {\"data\":{\"type\":\"versions\",…}}.");
        }

        var parsed = new VersionRequest(
            data.Value.String("relationships", "item", "data", "id"),
            data.Value.String("attributes", "name"),
            data.Value.String("relationships", "storage", "data", "id"),
            data.Value.String("attributes", "extension", "type"),
            Query(request, "copyFrom"));
        return Write(request, state, (writer, user, links) =>
        {
            var version = writer.CreateVersion(projectId, parsed, user);
            return JsonBody.JsonApi(w =>
            {
                WriteSelf(w, links.Version(version));
                w.WritePropertyName("data");
                DataResources.WriteVersion(w, version, links, state.Options.OmitStorageSize);
                w.WriteStartArray("included");
                DataResources.WriteItem(w, version.Item, links);
                w.WriteEndArray();
            }, StatusCodes.Status201Created);
        });
    }

    private static async Task<IResult> CreateFolderAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        using var body = await JsonPath.ReadAsync(request);
        var data = body?.RootElement.Find("data");
        var name = data?.String("attributes", "name");
        var parentId = data?.String("relationships", "parent", "data", "id");
        var type = data?.String("attributes", "extension", "type");
        if (data?.String("type") != "folders" || name is null || parentId is null || (type is not null && type != ExtensionTypes.Folder))
        {
            return ApsErrors.BadInput("The body must be {\"data\":{\"type\":\"folders\",\"attributes\":{\"name\":…,\"extension\":{\"type\":\"folders:autodesk.bim360:Folder\",\"version\":\"1.0\"}},\"relationships\":{\"parent\":{\"data\":{\"type\":\"folders\",\"id\":…}}}}}.");
        }

        return Write(request, state, (writer, user, links) =>
            SingleFolder(writer.CreateFolder(projectId, parentId, name, user), links, StatusCodes.Status201Created));
    }

    /// <summary><c>attributes.hidden</c> (true deletes, false restores) and <c>attributes.name</c>; moving is not emulated.</summary>
    private static async Task<IResult> PatchFolderAsync(string projectId, string folderId, HttpRequest request, EmulatorState state)
    {
        using var body = await JsonPath.ReadAsync(request);
        var data = body?.RootElement.Find("data");
        var hidden = data?.Boolean("attributes", "hidden");
        var name = data?.String("attributes", "name");
        if (data?.String("type") != "folders" || (data.Value.String("id") is { } id && id != folderId) || (hidden is null && name is null))
        {
            return ApsErrors.BadInput("The body must be {\"data\":{\"type\":\"folders\",\"id\":<the folder>,\"attributes\":{\"hidden\":true|false,\"name\":…}}}.");
        }

        if (data.Value.Find("relationships", "parent") is not null)
        {
            return ApsErrors.BadInput("Moving folders (relationships.parent) is not emulated.");
        }

        return Write(request, state, (writer, user, links) =>
            SingleFolder(writer.PatchFolder(projectId, folderId, hidden, name, user), links, StatusCodes.Status200OK));
    }

    /// <summary>
    /// Runs a write under the account lock as the request's identity (its project must exist and a user-context token must
    /// be allowed to write there); a broken rule answers its JSON:API error.
    /// </summary>
    internal static IResult Write(HttpRequest request, EmulatorState state, Func<AccountWriter, string?, ApiLinks, IResult> write)
    {
        var user = WriteIdentity.Of(request, state);
        var links = ApiLinks.For(request);
        try
        {
            lock (state.Account.SyncRoot)
            {
                var project = state.Account.FindProject(request.RouteValues["projectId"]?.ToString() ?? "")
                    ?? throw WriteRejectedException.NotFound("Project not found.");
                if (WriteIdentity.Refusal(request, state, project) is { } refusal)
                {
                    throw WriteRejectedException.Forbidden(refusal);
                }

                return write(state.Writer, user, links);
            }
        }
        catch (WriteRejectedException e)
        {
            return ApsErrors.JsonApi(e.Status, e.Code, e.Message);
        }
    }

    private static IResult SingleFolder(EmulatedFolder folder, ApiLinks links, int status) =>
        JsonBody.JsonApi(w =>
        {
            WriteSelf(w, links.Folder(folder));
            w.WritePropertyName("data");
            DataResources.WriteFolder(w, folder, links);
        }, status);

    private static void WriteSelf(Utf8JsonWriter w, string self)
    {
        w.WriteStartObject("links");
        w.WriteHref("self", self);
        w.WriteEndObject();
    }

    private static string? Query(HttpRequest request, string name) =>
        request.Query[name].ToString() is { Length: > 0 } value ? value : null;
}
