using AccEmulator.Accounts;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary>The Data Management item endpoints: an item with its tip, the tip alone, versions, and one version.</summary>
internal static class ItemEndpoints
{
    private const string Base = "/data/v1/projects/{projectId}/items/{itemId}";

    public static void Map(WebApplication app)
    {
        app.MapGet(Base, GetItem).Aps(EndpointCategory.Item);
        app.MapGet(Base + "/tip", GetTip).Aps(EndpointCategory.ItemTip);
        app.MapGet(Base + "/versions", ListVersions).Aps(EndpointCategory.ItemVersions);
        app.MapGet(Base + "/parent", GetParent).Aps(EndpointCategory.Item);
        app.MapGet("/data/v1/projects/{projectId}/versions/{versionId}", GetVersion).Aps(EndpointCategory.Item);
        app.MapGet("/data/v1/projects/{projectId}/versions/{versionId}/item", GetVersionItem).Aps(EndpointCategory.Item);
    }

    private static IResult GetItem(string projectId, string itemId, HttpRequest request, EmulatorState state) =>
        WithItem(state, projectId, itemId, item =>
        {
            var links = ApiLinks.For(request);
            return JsonBody.JsonApi(w =>
            {
                w.WriteStartObject("links");
                w.WriteHref("self", links.Item(item));
                w.WriteEndObject();
                w.WritePropertyName("data");
                DataResources.WriteItem(w, item, links);
                w.WriteStartArray("included");
                DataResources.WriteVersion(w, item.Tip, links, state.Options.OmitStorageSize);
                w.WriteEndArray();
            });
        });

    private static IResult GetParent(string projectId, string itemId, HttpRequest request, EmulatorState state) =>
        WithItem(state, projectId, itemId, item =>
        {
            var links = ApiLinks.For(request);
            return JsonBody.JsonApi(w =>
            {
                w.WriteStartObject("links");
                w.WriteHref("self", links.Item(item) + "/parent");
                w.WriteEndObject();
                w.WritePropertyName("data");
                DataResources.WriteFolder(w, item.Parent, links);
            });
        });

    private static IResult GetTip(string projectId, string itemId, HttpRequest request, EmulatorState state) =>
        WithItem(state, projectId, itemId, item => SingleVersion(item.Tip, ApiLinks.For(request), state));

    /// <summary>Newest first, paged, optionally <c>filter[versionNumber]</c>.</summary>
    private static IResult ListVersions(string projectId, string itemId, HttpRequest request, EmulatorState state)
    {
        if (!PageRequest.TryParse(request.Query, out var page, out var error))
        {
            return ApsErrors.BadInput(error!);
        }

        var numbers = request.Query["filter[versionNumber]"].ToString()
            .Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return WithItem(state, projectId, itemId, item =>
        {
            var links = ApiLinks.For(request);
            var versions = item.Versions
                .Where(v => numbers.Length == 0 || numbers.Contains(v.Number.ToString(System.Globalization.CultureInfo.InvariantCulture)))
                .Reverse()
                .ToList();
            return JsonBody.JsonApi(w =>
            {
                PageLinks.Write(w, links.Item(item) + "/versions", request.Query, page, versions.Count, state.Options);
                w.WriteStartArray("data");
                foreach (var version in versions.Skip(page.Skip).Take(page.Limit))
                {
                    DataResources.WriteVersion(w, version, links, state.Options.OmitStorageSize);
                }

                w.WriteEndArray();
            });
        });
    }

    private static IResult GetVersion(string projectId, string versionId, HttpRequest request, EmulatorState state) =>
        WithVersion(state, projectId, versionId, version => SingleVersion(version, ApiLinks.For(request), state));

    private static IResult GetVersionItem(string projectId, string versionId, HttpRequest request, EmulatorState state) =>
        WithVersion(state, projectId, versionId, version =>
        {
            var links = ApiLinks.For(request);
            return JsonBody.JsonApi(w =>
            {
                w.WriteStartObject("links");
                w.WriteHref("self", links.Version(version) + "/item");
                w.WriteEndObject();
                w.WritePropertyName("data");
                DataResources.WriteItem(w, version.Item, links);
            });
        });

    private static IResult SingleVersion(EmulatedVersion version, ApiLinks links, EmulatorState state) =>
        JsonBody.JsonApi(w =>
        {
            w.WriteStartObject("links");
            w.WriteHref("self", links.Version(version));
            w.WriteEndObject();
            w.WritePropertyName("data");
            DataResources.WriteVersion(w, version, links, state.Options.OmitStorageSize);
        });

    private static IResult WithItem(EmulatorState state, string projectId, string itemId, Func<EmulatedItem, IResult> respond)
    {
        lock (state.Account.SyncRoot)
        {
            return state.Account.FindItem(projectId, itemId) is { } item
                ? respond(item)
                : ApsErrors.NotFound($"Item '{itemId}' was not found in project '{projectId}'.");
        }
    }

    private static IResult WithVersion(EmulatorState state, string projectId, string versionId, Func<EmulatedVersion, IResult> respond)
    {
        lock (state.Account.SyncRoot)
        {
            return state.Account.Versions.TryGetValue(versionId, out var version) && version.Item.Parent.Project.Id == projectId
                ? respond(version)
                : ApsErrors.NotFound($"Version '{versionId}' was not found in project '{projectId}'.");
        }
    }
}
