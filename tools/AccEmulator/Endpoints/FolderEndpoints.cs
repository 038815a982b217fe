using AccEmulator.Accounts;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary>The Data Management folder endpoints: a folder, its parent, and its paged contents.</summary>
internal static class FolderEndpoints
{
    private const string Base = "/data/v1/projects/{projectId}/folders/{folderId}";

    public static void Map(WebApplication app)
    {
        app.MapGet(Base, GetFolder).Aps(EndpointCategory.Folder);
        app.MapGet(Base + "/parent", GetParent).Aps(EndpointCategory.Folder);
        app.MapGet(Base + "/contents", ListContents).Aps(EndpointCategory.FolderContents);
    }

    private static IResult GetFolder(string projectId, string folderId, HttpRequest request, EmulatorState state) =>
        WithFolder(state, projectId, folderId, folder => Single(folder, ApiLinks.For(request)));

    private static IResult GetParent(string projectId, string folderId, HttpRequest request, EmulatorState state) =>
        WithFolder(state, projectId, folderId, folder => folder.Parent is { } parent
            ? Single(parent, ApiLinks.For(request))
            : AboveRoot(folder.Project.RootParentId));

    /// <summary>Folders and items mixed in <c>data</c>, each item's tip version in <c>included</c>.</summary>
    private static IResult ListContents(string projectId, string folderId, HttpRequest request, EmulatorState state)
    {
        if (!PageRequest.TryParse(request.Query, out var page, out var error))
        {
            return ApsErrors.BadInput(error!);
        }

        var includeHidden = bool.TryParse(request.Query["includeHidden"], out var hidden) && hidden;
        var types = request.Query["filter[type]"].ToString();
        var wantFolders = types.Length == 0 || types.Contains("folders", StringComparison.Ordinal);
        var wantItems = types.Length == 0 || types.Contains("items", StringComparison.Ordinal);

        return WithFolder(state, projectId, folderId, folder =>
        {
            var links = ApiLinks.For(request);
            var folders = wantFolders ? folder.Folders.Where(f => includeHidden || !f.Hidden).ToList() : [];
            var items = wantItems ? folder.Items.Where(i => includeHidden || !i.Hidden).ToList() : [];
            var total = folders.Count + items.Count;
            var pageFolders = folders.Skip(page.Skip).Take(page.Limit).ToList();
            var pageItems = items.Skip(Math.Max(0, page.Skip - folders.Count)).Take(page.Limit - pageFolders.Count).ToList();
            return JsonBody.JsonApi(w =>
            {
                PageLinks.Write(w, links.FolderContents(folder), request.Query, page, total, state.Options);
                w.WriteStartArray("data");
                pageFolders.ForEach(f => DataResources.WriteFolder(w, f, links));
                pageItems.ForEach(i => DataResources.WriteItem(w, i, links));
                w.WriteEndArray();
                // Real responses omit included when the page holds no item (no empty array).
                if (pageItems.Count > 0)
                {
                    w.WriteStartArray("included");
                    pageItems.ForEach(i => DataResources.WriteVersion(w, i.Tip, links, state.Options.OmitStorageSize));
                    w.WriteEndArray();
                }
            });
        });
    }

    private static IResult Single(EmulatedFolder folder, ApiLinks links) =>
        JsonBody.JsonApi(w =>
        {
            w.WriteStartObject("links");
            w.WriteHref("self", links.Folder(folder));
            w.WriteEndObject();
            w.WritePropertyName("data");
            DataResources.WriteFolder(w, folder, links);
        });

    /// <summary>
    /// Runs <paramref name="respond"/> under the account lock; answers 403 for the hidden folder above a project's root
    /// (it exists, the app may not see it) and 404 for an unknown folder.
    /// </summary>
    private static IResult WithFolder(EmulatorState state, string projectId, string folderId, Func<EmulatedFolder, IResult> respond)
    {
        lock (state.Account.SyncRoot)
        {
            if (state.Account.FindFolder(projectId, folderId) is { } folder)
            {
                return respond(folder);
            }

            return state.Account.FindProject(projectId)?.RootParentId == folderId
                ? AboveRoot(folderId)
                : ApsErrors.NotFound($"Folder '{folderId}' was not found in project '{projectId}'.");
        }
    }

    private static IResult AboveRoot(string folderId) =>
        ApsErrors.Forbidden($"You don't have permission to access folder '{folderId}' (above the project's root folder).");
}
