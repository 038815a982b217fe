using System.Text.Json;
using AccEmulator.Accounts;

namespace AccEmulator.Endpoints.JsonApi;

/// <summary>Serializes hubs and projects in the Project API's JSON:API shapes.</summary>
internal static class ProjectResources
{
    public static void WriteHub(Utf8JsonWriter w, EmulatedAccount account, ApiLinks links)
    {
        w.WriteStartObject();
        w.WriteString("type", "hubs");
        w.WriteString("id", account.HubId);
        w.WriteStartObject("attributes");
        w.WriteString("name", account.Name);
        w.WriteStartObject("extension");
        w.WriteString("type", ExtensionTypes.Hub);
        w.WriteString("version", "1.0");
        w.WriteHref("schema", links.Schema(ExtensionTypes.Hub));
        w.WriteStartObject("data");
        w.WriteEndObject();
        w.WriteEndObject();
        w.WriteString("region", account.Region);
        w.WriteEndObject();
        w.WriteStartObject("links");
        w.WriteHref("self", links.Hub(account.HubId));
        w.WriteEndObject();
        w.WriteStartObject("relationships");
        w.WriteRelatedLink("projects", links.Projects(account.HubId));
        w.WriteEndObject();
        w.WriteEndObject();
    }

    public static void WriteProject(Utf8JsonWriter w, EmulatedAccount account, EmulatedProject project, ApiLinks links)
    {
        var self = links.Project(account.HubId, project.Id);
        w.WriteStartObject();
        w.WriteString("type", "projects");
        w.WriteString("id", project.Id);
        w.WriteStartObject("attributes");
        w.WriteString("name", project.Name);
        w.WriteStartArray("scopes");
        w.WriteStringValue($"b360project.{project.ProjectGuid:D}");
        w.WriteStringValue("global");
        w.WriteEndArray();
        w.WriteStartObject("extension");
        w.WriteString("type", ExtensionTypes.Project);
        w.WriteString("version", "1.0");
        w.WriteHref("schema", links.Schema(ExtensionTypes.Project));
        w.WriteStartObject("data");
        w.WriteString("projectType", project.ProjectType);
        w.WriteEndObject();
        w.WriteEndObject();
        w.WriteEndObject();
        w.WriteStartObject("links");
        w.WriteHref("self", self);
        w.WriteHref("webView", ApiLinks.WebView(project));
        w.WriteEndObject();
        w.WriteStartObject("relationships");
        w.WriteRelationship("hub", "hubs", account.HubId, links.Hub(account.HubId));
        w.WriteStartObject("rootFolder");
        w.WriteStartObject("data");
        w.WriteString("type", "folders");
        w.WriteString("id", project.Root.Id);
        w.WriteEndObject();
        w.WriteStartObject("meta");
        w.WriteHref("link", links.Folder(project.Root));
        w.WriteEndObject();
        w.WriteEndObject();
        w.WriteRelatedLink("topFolders", links.TopFolders(account.HubId, project.Id));
        w.WriteEndObject();
        w.WriteEndObject();
    }
}
