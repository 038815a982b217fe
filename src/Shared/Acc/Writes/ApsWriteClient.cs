using System.Text.Json;
using System.Text.Json.Nodes;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Acc.Writes;

/// <summary>Data Management's writes a restore needs: storage, items, versions (copyFrom included), folders, and the
/// CheckPermission command, each acting as <see cref="UserId"/> when one is set.</summary>
/// <remarks>Bodies after the reference (https://aps.autodesk.com/en/docs/data/v2/reference/http/projects-project_id-items-POST
/// and its storage, versions, folders and commands pages; https://aps.autodesk.com/en/docs/acc/v1/tutorials/files/upload-document-s3/).</remarks>
public sealed class ApsWriteClient(ApsTransport transport, string? userId)
{
    private const string FileItemType = "items:autodesk.bim360:File";
    private const string FileVersionType = "versions:autodesk.bim360:File";
    private const string FolderType = "folders:autodesk.bim360:Folder";
    private const string CheckPermissionType = "commands:autodesk.core:CheckPermission";

    /// <summary>The user the writes act as (<c>x-user-id</c>), or null for the token's own identity.</summary>
    public string? UserId => userId;

    /// <summary>A storage object in <paramref name="folderId"/> for a file named <paramref name="name"/> (its extension must match the later item's).</summary>
    public async Task<OssObject> CreateStorageAsync(string projectId, string folderId, string name, CancellationToken cancellationToken)
    {
        var body = Envelope(new JsonObject
        {
            ["type"] = "objects",
            ["attributes"] = new JsonObject { ["name"] = name },
            ["relationships"] = new JsonObject { ["target"] = Data("folders", folderId) },
        });
        using var json = await SendAsync(ApsEndpoint.CreateStorage, HttpMethod.Post, $"data/v1/projects/{Escape(projectId)}/storage", body, true, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.CreateStorage);
        var id = reader.RequiredString(reader.Required(json.RootElement, "data", JsonValueKind.Object), "id");
        return OssObject.TryParse(id) ?? throw reader.Malformed($"storage id '{id}' is not urn:adsk.objects:os.object:<bucket>/<key>");
    }

    /// <summary>A new file in <paramref name="folderId"/> whose first version holds <paramref name="storage"/>; returns the item id and its tip.</summary>
    /// <exception cref="ApsRequestException">409 when a visible file of that name (case-insensitively) is there.</exception>
    public async Task<(string ItemId, AccFileVersion Tip)> CreateItemAsync(string projectId, string folderId, string name, OssObject storage, CancellationToken cancellationToken)
    {
        var body = new JsonObject
        {
            ["jsonapi"] = new JsonObject { ["version"] = "1.0" },
            ["data"] = new JsonObject
            {
                ["type"] = "items",
                ["attributes"] = new JsonObject { ["extension"] = Extension(FileItemType) },
                ["relationships"] = new JsonObject
                {
                    ["tip"] = Data("versions", "1"),
                    ["parent"] = Data("folders", folderId),
                },
            },
            ["included"] = new JsonArray(new JsonObject
            {
                ["type"] = "versions",
                ["id"] = "1",
                ["attributes"] = new JsonObject { ["name"] = name, ["extension"] = Extension(FileVersionType) },
                ["relationships"] = new JsonObject { ["storage"] = Data("objects", StorageId(storage)) },
            }),
        };
        using var json = await SendAsync(ApsEndpoint.CreateItem, HttpMethod.Post, $"data/v1/projects/{Escape(projectId)}/items", body, false, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.CreateItem);
        var itemId = reader.RequiredString(reader.Required(json.RootElement, "data", JsonValueKind.Object), "id");
        var included = reader.Required(json.RootElement, "included", JsonValueKind.Array);
        return included.GetArrayLength() == 0
            ? throw reader.Malformed($"item {itemId} came back without its first version")
            : (itemId, AccEntryParser.Version(reader, included[0]));
    }

    /// <summary>A new version of <paramref name="itemId"/> holding <paramref name="storage"/>, named <paramref name="name"/>.</summary>
    public Task<AccFileVersion> CreateVersionAsync(string projectId, string itemId, string name, OssObject storage, CancellationToken cancellationToken) =>
        PostVersionAsync(projectId, null, new JsonObject
        {
            ["type"] = "versions",
            ["attributes"] = new JsonObject { ["name"] = name, ["extension"] = Extension(FileVersionType) },
            ["relationships"] = new JsonObject
            {
                ["item"] = Data("items", itemId),
                ["storage"] = Data("objects", StorageId(storage)),
            },
        }, cancellationToken);

    /// <summary>A copy of <paramref name="versionId"/> made the tip of its own item <paramref name="itemId"/>: undeletes a deleted
    /// file and puts a good version back over newer ones, with no bytes moved.</summary>
    public Task<AccFileVersion> CopyVersionAsync(string projectId, string itemId, string versionId, CancellationToken cancellationToken) =>
        PostVersionAsync(projectId, versionId, new JsonObject
        {
            ["type"] = "versions",
            ["relationships"] = new JsonObject { ["item"] = Data("items", itemId) },
        }, cancellationToken);

    /// <summary>A folder named <paramref name="name"/> under <paramref name="parentId"/> (never a project's root).</summary>
    /// <exception cref="ApsRequestException">409 when a visible folder of that name is there.</exception>
    public async Task<AccFolder> CreateFolderAsync(string projectId, string parentId, string name, CancellationToken cancellationToken)
    {
        var body = Envelope(new JsonObject
        {
            ["type"] = "folders",
            ["attributes"] = new JsonObject { ["name"] = name, ["extension"] = Extension(FolderType) },
            ["relationships"] = new JsonObject { ["parent"] = Data("folders", parentId) },
        });
        return await FolderAsync(ApsEndpoint.CreateFolder, HttpMethod.Post, $"data/v1/projects/{Escape(projectId)}/folders", body, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Un-hides (restores) a deleted folder, or hides one.</summary>
    public Task<AccFolder> SetFolderHiddenAsync(string projectId, string folderId, bool hidden, CancellationToken cancellationToken) =>
        FolderAsync(ApsEndpoint.PatchFolder, HttpMethod.Patch, $"data/v1/projects/{Escape(projectId)}/folders/{Escape(folderId)}",
            Envelope(new JsonObject { ["type"] = "folders", ["id"] = folderId, ["attributes"] = new JsonObject { ["hidden"] = hidden } }), cancellationToken);

    /// <summary>For each of <paramref name="folderIds"/>, the <paramref name="actions"/> the acting identity lacks there (empty when it has them all).</summary>
    public async Task<IReadOnlyDictionary<string, IReadOnlyList<string>>> CheckPermissionAsync(
        string projectId, IReadOnlyList<string> folderIds, IReadOnlyList<string> actions, CancellationToken cancellationToken)
    {
        var body = Envelope(new JsonObject
        {
            ["type"] = "commands",
            ["attributes"] = new JsonObject
            {
                ["extension"] = new JsonObject
                {
                    ["type"] = CheckPermissionType,
                    ["version"] = "1.0.0",
                    ["data"] = new JsonObject { ["requiredActions"] = new JsonArray([.. actions.Select(a => (JsonNode)a)]) },
                },
            },
            ["relationships"] = new JsonObject
            {
                ["resources"] = new JsonObject { ["data"] = new JsonArray([.. folderIds.Select(id => (JsonNode)new JsonObject { ["type"] = "folders", ["id"] = id })]) },
            },
        });
        using var json = await SendAsync(ApsEndpoint.Command, HttpMethod.Post, $"data/v1/projects/{Escape(projectId)}/commands", body, true, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.Command);
        var permissions = reader.OptionalPath(json.RootElement, "data", "attributes", "extension", "data", "permissions")
            ?? throw reader.Malformed("CheckPermission answered without data.attributes.extension.data.permissions");
        var missing = new Dictionary<string, IReadOnlyList<string>>(StringComparer.Ordinal);
        foreach (var permission in permissions.EnumerateArray())
        {
            var id = reader.RequiredString(permission, "id");
            var details = reader.Optional(permission, "details");
            missing[id] = [.. actions.Where(a => details is not { ValueKind: JsonValueKind.Object } d || !d.TryGetProperty(a, out var allowed) || allowed.ValueKind != JsonValueKind.True)];
        }

        return missing;
    }

    private async Task<AccFileVersion> PostVersionAsync(string projectId, string? copyFrom, JsonObject data, CancellationToken cancellationToken)
    {
        var path = $"data/v1/projects/{Escape(projectId)}/versions" + (copyFrom is null ? string.Empty : "?copyFrom=" + Escape(copyFrom));
        using var json = await SendAsync(ApsEndpoint.CreateVersion, HttpMethod.Post, path, Envelope(data), false, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.CreateVersion);
        return AccEntryParser.Version(reader, reader.Required(json.RootElement, "data", JsonValueKind.Object));
    }

    private async Task<AccFolder> FolderAsync(ApsEndpoint endpoint, HttpMethod method, string path, JsonObject body, CancellationToken cancellationToken)
    {
        using var json = await SendAsync(endpoint, method, path, body, false, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(endpoint);
        return AccEntryParser.Folder(reader, reader.Required(json.RootElement, "data", JsonValueKind.Object));
    }

    private Task<JsonDocument> SendAsync(ApsEndpoint endpoint, HttpMethod method, string path, JsonObject body, bool repeatable, CancellationToken cancellationToken) =>
        transport.SendAsync(ApsWrite.JsonApi(endpoint, method, path, body, userId, repeatable), cancellationToken);

    private static JsonObject Envelope(JsonObject data) => new() { ["jsonapi"] = new JsonObject { ["version"] = "1.0" }, ["data"] = data };

    private static JsonObject Data(string type, string id) => new() { ["data"] = new JsonObject { ["type"] = type, ["id"] = id } };

    private static JsonObject Extension(string type) => new() { ["type"] = type, ["version"] = "1.0" };

    internal static string StorageId(OssObject storage) => $"urn:adsk.objects:os.object:{storage.BucketKey}/{storage.ObjectKey}";

    private static string Escape(string id) => Uri.EscapeDataString(id);
}
