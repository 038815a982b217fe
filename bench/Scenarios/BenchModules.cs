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
    ];

    private static BenchModule Module(string name, string pathPrefix, EndpointCategory[] quotas, string records) =>
        new(name, pathPrefix, quotas, records, $"_emulator/{name}/truth");
}
