using AccEmulator.Accounts;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary>The Project API: hubs, projects and a project's top folders.</summary>
internal static class ProjectEndpoints
{
    public static void Map(WebApplication app)
    {
        app.MapGet("/project/v1/hubs", ListHubs).Aps(EndpointCategory.Hubs);
        app.MapGet("/project/v1/hubs/{hubId}", GetHub).Aps(EndpointCategory.Hubs);
        app.MapGet("/project/v1/hubs/{hubId}/projects", ListProjects).Aps(EndpointCategory.Projects);
        app.MapGet("/project/v1/hubs/{hubId}/projects/{projectId}", GetProject).Aps(EndpointCategory.Projects);
        app.MapGet("/project/v1/hubs/{hubId}/projects/{projectId}/topFolders", ListTopFolders).Aps(EndpointCategory.TopFolders);
    }

    private static IResult ListHubs(HttpRequest request, EmulatorState state)
    {
        var links = ApiLinks.For(request);
        return JsonBody.JsonApi(w =>
        {
            w.WriteStartObject("links");
            w.WriteHref("self", links.Hubs());
            w.WriteEndObject();
            w.WriteStartArray("data");
            ProjectResources.WriteHub(w, state.Account, links);
            w.WriteEndArray();
            w.WriteStartObject("meta");
            w.WriteStartArray("warnings");
            w.WriteEndArray();
            w.WriteEndObject();
        });
    }

    private static IResult GetHub(string hubId, HttpRequest request, EmulatorState state) =>
        hubId != state.Account.HubId
            ? ApsErrors.NotFound($"Hub '{hubId}' was not found.")
            : JsonBody.JsonApi(w =>
            {
                var links = ApiLinks.For(request);
                w.WriteStartObject("links");
                w.WriteHref("self", links.Hub(hubId));
                w.WriteEndObject();
                w.WritePropertyName("data");
                ProjectResources.WriteHub(w, state.Account, links);
            });

    private static IResult ListProjects(string hubId, HttpRequest request, EmulatorState state)
    {
        var account = state.Account;
        if (hubId != account.HubId)
        {
            return ApsErrors.NotFound($"Hub '{hubId}' was not found.");
        }

        if (!PageRequest.TryParse(request.Query, out var page, out var error))
        {
            return ApsErrors.BadInput(error!);
        }

        var links = ApiLinks.For(request);
        lock (account.SyncRoot)
        {
            return JsonBody.JsonApi(w =>
            {
                PageLinks.Write(w, links.Projects(hubId), request.Query, page, account.Projects.Count, state.Options);
                w.WriteStartArray("data");
                foreach (var project in account.Projects.Skip(page.Skip).Take(page.Limit))
                {
                    ProjectResources.WriteProject(w, account, project, links);
                }

                w.WriteEndArray();
            });
        }
    }

    private static IResult GetProject(string hubId, string projectId, HttpRequest request, EmulatorState state) =>
        Project(state.Account, hubId, projectId) is not { } project
            ? ApsErrors.NotFound($"Project '{projectId}' was not found in hub '{hubId}'.")
            : JsonBody.JsonApi(w =>
            {
                var links = ApiLinks.For(request);
                w.WriteStartObject("links");
                w.WriteHref("self", links.Project(hubId, projectId));
                w.WriteEndObject();
                w.WritePropertyName("data");
                ProjectResources.WriteProject(w, state.Account, project, links);
            });

    private static IResult ListTopFolders(string hubId, string projectId, HttpRequest request, EmulatorState state)
    {
        var account = state.Account;
        if (Project(account, hubId, projectId) is not { } project)
        {
            return ApsErrors.NotFound($"Project '{projectId}' was not found in hub '{hubId}'.");
        }

        var links = ApiLinks.For(request);
        lock (account.SyncRoot)
        {
            return JsonBody.JsonApi(w =>
            {
                w.WriteStartObject("links");
                w.WriteHref("self", links.TopFolders(hubId, projectId));
                w.WriteEndObject();
                w.WriteStartArray("data");
                foreach (var folder in project.TopFolders.Where(f => !f.Hidden))
                {
                    DataResources.WriteFolder(w, folder, links);
                }

                w.WriteEndArray();
            });
        }
    }

    private static EmulatedProject? Project(EmulatedAccount account, string hubId, string projectId) =>
        hubId == account.HubId ? account.FindProject(projectId) : null;
}
