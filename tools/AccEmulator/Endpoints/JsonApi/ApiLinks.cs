using AccEmulator.Accounts;

namespace AccEmulator.Endpoints.JsonApi;

/// <summary>Absolute links on the request's own scheme and host, with ids percent-encoded as APS encodes them.</summary>
internal sealed class ApiLinks(string baseUrl)
{
    /// <summary>Where the Autodesk web UI would show a thing; purely informational.</summary>
    private const string WebHost = "https://acc.autodesk.com/docs/files/projects/";

    /// <summary><c>scheme://host[:port]</c>, no trailing slash.</summary>
    public string BaseUrl { get; } = baseUrl;

    public static ApiLinks For(HttpRequest request) => new($"{request.Scheme}://{request.Host.ToUriComponent()}");

    public static string Encode(string id) => Uri.EscapeDataString(id);

    public string Hubs() => $"{BaseUrl}/project/v1/hubs";

    public string Hub(string hubId) => $"{Hubs()}/{Encode(hubId)}";

    public string Projects(string hubId) => $"{Hub(hubId)}/projects";

    public string Project(string hubId, string projectId) => $"{Projects(hubId)}/{Encode(projectId)}";

    public string TopFolders(string hubId, string projectId) => $"{Project(hubId, projectId)}/topFolders";

    public string Folder(EmulatedFolder folder) => $"{BaseUrl}/data/v1/projects/{Encode(folder.Project.Id)}/folders/{Encode(folder.Id)}";

    public string FolderContents(EmulatedFolder folder) => Folder(folder) + "/contents";

    public string Item(EmulatedItem item) => $"{BaseUrl}/data/v1/projects/{Encode(item.Parent.Project.Id)}/items/{Encode(item.Id)}";

    public string Version(EmulatedVersion version) =>
        $"{BaseUrl}/data/v1/projects/{Encode(version.Item.Parent.Project.Id)}/versions/{Encode(version.Id)}";

    /// <summary>The OSS object link a version's storage relationship carries.</summary>
    public string Storage(StorageObject storage, EmulatedProject project) =>
        $"{BaseUrl}/oss/v2/buckets/{StorageObject.Bucket}/objects/{Encode(storage.ObjectKey)}?scopes=b360project.{project.ProjectGuid:D},global";

    public string Schema(string extensionType) => $"{BaseUrl}/schema/v1/versions/{Encode(extensionType)}-1.0";

    public static string WebView(EmulatedProject project, string? folderId = null) =>
        WebHost + project.ProjectGuid.ToString("D") + (folderId is null ? "" : "?folderUrn=" + Encode(folderId));
}
