using System.Text;
using AccEmulator.Accounts;

namespace AccEmulator.Endpoints.JsonApi;

/// <summary>Absolute links on the request's own scheme and host, with ids escaped the way APS writes them.</summary>
/// <remarks>
/// Kept on purpose: always absolute (APS mixes absolute and host-relative hrefs), so every link can be followed.
/// Recorded ACC responses write ids raw in path segments (<c>…/folders/urn:adsk.wipprod:fs.folder:co.X/contents</c>,
/// <c>…/versions/urn:adsk.wipprod:fs.file:vf.X%3Fversion=1</c>): only what a path segment cannot hold is escaped.
/// Query values (webView's <c>folderUrn</c>, <c>entityId</c>) are fully percent-encoded.
/// </remarks>
internal sealed class ApiLinks(string baseUrl)
{
    /// <summary>Where the Autodesk web UI would show a thing; purely informational.</summary>
    private const string WebHost = "https://acc.autodesk.com/docs/files/projects/";

    /// <summary><c>scheme://host[:port]</c>, no trailing slash.</summary>
    public string BaseUrl { get; } = baseUrl;

    public static ApiLinks For(HttpRequest request) => new($"{request.Scheme}://{request.Host.ToUriComponent()}");

    /// <summary>Escapes an id for a path segment as APS does: RFC 3986 <c>pchar</c> (incl. <c>:</c>, <c>@</c>, <c>=</c>) stays raw.</summary>
    public static string Encode(string id)
    {
        if (id.All(IsPathChar))
        {
            return id;
        }

        var escaped = new StringBuilder(id.Length + 8);
        foreach (var b in Encoding.UTF8.GetBytes(id))
        {
            var c = (char)b;
            if (IsPathChar(c))
            {
                escaped.Append(c);
            }
            else
            {
                escaped.Append('%').Append(b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture));
            }
        }

        return escaped.ToString();
    }

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
        $"{BaseUrl}/oss/v2/buckets/{StorageObject.Bucket}/objects/{Encode(storage.ObjectKey)}?scopes={project.Scopes}";

    /// <summary>A Model Derivative link (<c>manifest</c> or <c>thumbnail</c>) for a version's derivatives urn.</summary>
    public string Derivative(string derivativesUrn, string what, EmulatedProject project) =>
        $"{BaseUrl}/modelderivative/v2/designdata/{derivativesUrn}/{what}?scopes={project.Scopes}";

    public string Schema(string extensionType) => $"{BaseUrl}/schema/v1/versions/{Encode(extensionType)}-1.0";

    /// <summary>The ACC web UI link: the folder, and the item or version shown in it.</summary>
    public static string WebView(EmulatedProject project, string? folderId = null, string? entityId = null) =>
        WebHost + project.ProjectGuid.ToString("D")
        + (folderId is null ? "" : "?folderUrn=" + Uri.EscapeDataString(folderId))
        + (entityId is null ? "" : "&entityId=" + Uri.EscapeDataString(entityId));

    private static bool IsPathChar(char c) => char.IsAsciiLetterOrDigit(c) || "-._~!$&'()*+,;=:@".Contains(c, StringComparison.Ordinal);
}
