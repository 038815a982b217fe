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
        // Kept on purpose: [b360project.<guid>, global] rather than the reference example's [global]; it names the project as links' scopes do.
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
        WriteContainers(w, project, links);
        w.WriteEndObject();
        w.WriteEndObject();
    }

    /// <summary>
    /// The ACC services' containers the reference lists for a project, in its order: issues, submittals, RFIs, markups,
    /// checklists, cost, locations. Issues, RFIs, markups and checklists share one container; submittals and cost use
    /// the project guid; locations has its own. Their APIs are not emulated: the links answer 404.
    /// </summary>
    private static void WriteContainers(Utf8JsonWriter w, EmulatedProject project, ApiLinks links)
    {
        var shared = project.ContainerId("issues");
        var own = project.ProjectGuid.ToString("D");
        var locations = project.ContainerId("locations");
        WriteContainer(w, "issues", "issueContainerId", shared, $"{links.BaseUrl}/issues/v1/containers/{shared}/issues");
        WriteContainer(w, "submittals", "submittalContainerId", own, $"{links.BaseUrl}/submittals/v1/containers/{own}/items");
        WriteContainer(w, "rfis", "rfisContainerId", shared, $"{links.BaseUrl}/bim360/rfis/v1/containers/{shared}/rfis");
        WriteContainer(w, "markups", "markupsContainerId", shared, $"{links.BaseUrl}/issues/v1/containers/{shared}/markups");
        WriteContainer(w, "checklists", "checklistsContainerId", shared, $"{links.BaseUrl}/bim360/checklists/v1/containers/{shared}/instances");
        WriteContainer(w, "cost", "costContainerId", own, $"{links.BaseUrl}/cost/v1/containers/{own}/budgets");
        WriteContainer(w, "locations", "locationsContainerId", locations, $"{links.BaseUrl}/bim360/locations/v2/containers/{locations}/trees/default/nodes");
    }

    /// <summary><c>"name":{"data":{"type","id"},"meta":{"link":{"href"}}}</c>.</summary>
    private static void WriteContainer(Utf8JsonWriter w, string name, string type, string id, string href)
    {
        w.WriteStartObject(name);
        w.WriteStartObject("data");
        w.WriteString("type", type);
        w.WriteString("id", id);
        w.WriteEndObject();
        w.WriteStartObject("meta");
        w.WriteHref("link", href);
        w.WriteEndObject();
        w.WriteEndObject();
    }
}
