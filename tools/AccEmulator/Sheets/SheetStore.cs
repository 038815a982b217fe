using AccEmulator.Accounts;

namespace AccEmulator.Sheets;

/// <summary>Every project's Sheets tool; reads and writes happen under the account's lock (exported PDFs are account objects).</summary>
internal sealed class SheetStore(EmulatedAccount account)
{
    private readonly Dictionary<Guid, ProjectSheets> _projects = [];

    public EmulatedAccount Account { get; } = account;

    public Lock SyncRoot => Account.SyncRoot;

    public IEnumerable<ProjectSheets> Projects => _projects.Values;

    public ProjectSheets? Find(Guid projectGuid) => _projects.GetValueOrDefault(projectGuid);

    public ProjectSheets AddProject(Guid projectGuid)
    {
        var project = new ProjectSheets(projectGuid);
        _projects.Add(projectGuid, project);
        return project;
    }

    public EmulatedSheet? FindSheet(Guid sheetId) => _projects.Values.SelectMany(p => p.Sheets).FirstOrDefault(s => s.Id == sheetId);

    /// <summary>Issues <paramref name="sheet"/>: the sheet of the same number and collection issued before is no longer current.</summary>
    public static void Issue(ProjectSheets project, EmulatedSheet sheet)
    {
        foreach (var earlier in project.Sheets.Where(s => s.IsCurrent && s.Number == sheet.Number && s.VersionSet.Collection == sheet.VersionSet.Collection))
        {
            earlier.IsCurrent = false;
        }

        project.Sheets.Add(sheet);
    }

    /// <summary>Starts an export of <paramref name="sheets"/>: its PDF is rendered now and becomes an object the signed download serves.</summary>
    public SheetExportJob StartExport(ProjectSheets project, Guid exportId, IReadOnlyList<EmulatedSheet> sheets, bool publishedMarkups, int polls)
    {
        var bytes = SheetPdf.Render(sheets, publishedMarkups);
        var pdf = new StorageObject($"sheets-export-{exportId:D}.pdf", bytes.Length, 0) { UploadedBytes = bytes };
        Account.Objects.Add(pdf.ObjectKey, pdf);
        var job = new SheetExportJob(exportId, pdf, polls);
        project.Exports.Add(exportId, job);
        return job;
    }
}
