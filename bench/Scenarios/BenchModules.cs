using System.Text.Json;
using System.Text.RegularExpressions;
using AccBackup.Modules;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Scenarios;

/// <summary>The modules the modules scenario measures, one line each: a module registered later is measured once its line is here.</summary>
internal static class BenchModules
{
    public static IReadOnlyList<BenchModule> All { get; } =
    [
        Module(ModuleNames.Issues, ["/construction/issues/"], [EndpointCategory.Issues], "issues"),
        Module(ModuleNames.Sheets, ["/construction/sheets/"], [EndpointCategory.SheetsSheets, EndpointCategory.SheetsVersionSets, EndpointCategory.SheetsCollections, EndpointCategory.SheetsExports], "sheets"),
        Module(ModuleNames.Members, ["/construction/admin/"], [EndpointCategory.ProjectUsers], "members"),
        Module(ModuleNames.Rfis, ["/construction/rfis/"], [EndpointCategory.Rfis], "rfis"),
        Module(ModuleNames.Forms, ["/construction/forms/"], [EndpointCategory.Forms], "forms"),

        // The Relationships calls (links) count against their own quota; the timing follows the Photos API's calls.
        Module(ModuleNames.Photos, ["/construction/photos/"], [EndpointCategory.Photos, EndpointCategory.Relationships], "photos"),

        // Both read the folders the run's listing found, so their records are the truth's folders a listing reaches.
        Module(ModuleNames.Permissions, ["/bim360/docs/v1/projects/{projectId}/folders/{folderId}/permissions"], [EndpointCategory.FolderPermissions], "folders", Listed),
        Module(ModuleNames.Attributes,
            ["/bim360/docs/v1/projects/{projectId}/folders/{folderId}/custom-attribute-definitions", "/bim360/docs/v1/projects/{projectId}/versions:batch-get"],
            [EndpointCategory.AttributeDefinitions, EndpointCategory.AttributeValues], "folders", Listed),
    ];

    /// <summary>A pattern matching the request paths <paramref name="paths"/> name: a path ending in <c>/</c> stands for every path
    /// below it, any other for itself alone, with each <c>{name}</c> one segment (as in Autodesk's reference and the emulator's routes).</summary>
    public static Regex PathsOf(IEnumerable<string> paths) =>
        new("^(?:" + string.Join('|', paths.Select(Pattern)) + ")", RegexOptions.CultureInvariant | RegexOptions.ExplicitCapture);

    private static string Pattern(string path)
    {
        var segments = Regex.Split(path, "{[^/{}]+}").Select(Regex.Escape);
        return string.Join("[^/]+", segments) + (path.EndsWith('/') ? "" : "$");
    }

    private static bool Listed(JsonElement folder) => !folder.GetProperty("hidden").GetBoolean();

    private static BenchModule Module(string name, string[] paths, EndpointCategory[] quotas, string records, Func<JsonElement, bool>? reached = null) =>
        new(name, PathsOf(paths), quotas, records, $"_emulator/{name}/truth", reached ?? (_ => true));
}
