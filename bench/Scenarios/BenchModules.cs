using AccBackup.Modules;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Scenarios;

/// <summary>The modules the modules scenario measures, one line each: a module registered later is measured once its line is here.</summary>
internal static class BenchModules
{
    public static IReadOnlyList<BenchModule> All { get; } =
    [
        Module(ModuleNames.Issues, "/construction/issues/", [EndpointCategory.Issues], "issues"),
        Module(ModuleNames.Sheets, "/construction/sheets/", [EndpointCategory.SheetsSheets, EndpointCategory.SheetsVersionSets, EndpointCategory.SheetsCollections, EndpointCategory.SheetsExports], "sheets"),
        Module(ModuleNames.Members, "/construction/admin/", [EndpointCategory.ProjectUsers], "members"),
        Module(ModuleNames.Rfis, "/construction/rfis/", [EndpointCategory.Rfis], "rfis"),
        Module(ModuleNames.Forms, "/construction/forms/", [EndpointCategory.Forms], "forms"),

        // The Relationships calls (links) count against their own quota; the timing follows the Photos API's calls.
        Module(ModuleNames.Photos, "/construction/photos/", [EndpointCategory.Photos, EndpointCategory.Relationships], "photos"),

        // Folder permissions and custom attributes share the path /bim360/docs/v1/projects/, which the call clock tells
        // apart by prefix only: not measured here yet (their no-change calls are counted by the CLI tests).
    ];

    private static BenchModule Module(string name, string pathPrefix, EndpointCategory[] quotas, string records) =>
        new(name, pathPrefix, quotas, records, $"_emulator/{name}/truth");
}
