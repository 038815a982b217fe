namespace AccEmulator.Sheets;

/// <summary>One project's Sheets tool: collections, version sets, sheets (every issuance, deleted ones too) and export jobs.</summary>
internal sealed class ProjectSheets(Guid projectGuid)
{
    public Guid ProjectGuid { get; } = projectGuid;

    /// <summary>Whether the project has the Sheets tool activated; an inactive one refuses every request (403).</summary>
    public bool Activated { get; set; } = true;

    public List<EmulatedSheetCollection> Collections { get; } = [];

    /// <summary>Every version set in creation order (so by issuance).</summary>
    public List<EmulatedVersionSet> VersionSets { get; } = [];

    /// <summary>Every sheet of every version set, deleted ones included, in creation order.</summary>
    public List<EmulatedSheet> Sheets { get; } = [];

    public Dictionary<Guid, SheetExportJob> Exports { get; } = [];

    /// <summary>The sheets of one version set, deleted ones included.</summary>
    public IEnumerable<EmulatedSheet> SheetsOf(EmulatedVersionSet versionSet) => Sheets.Where(s => s.VersionSet == versionSet);
}
