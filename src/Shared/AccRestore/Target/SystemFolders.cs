namespace AccBackup.AccRestore.Target;

/// <summary>Top folders ACC keeps for its own modules (photos, issue and RFI attachments, the recycle bin…): a restore never writes into them.</summary>
/// <remarks>The names Autodesk's bulk files manager refuses as upload targets (aps-hubs-bulk-files-manager, APSHelpers.IsValidTopFolder),
/// and folders named by a GUID, which ACC's modules create.</remarks>
public static class SystemFolders
{
    private static readonly string[] Markers =
    [
        "checklist_", "submittals-attachments", "Photos", "ProjectTb", "dailylog_", "issue_", "issues_", "correspondence-project",
        "meetings-project", "COST Root Folder", "Recycle Bin", "quantification_", "rfis_project_", "assets_",
    ];

    /// <summary>The first segment of <paramref name="segments"/> that is a system folder, or null.</summary>
    public static string? FirstIn(IEnumerable<string> segments) =>
        segments.FirstOrDefault(s => Guid.TryParse(s, out _) || Markers.Any(m => s.Contains(m, StringComparison.OrdinalIgnoreCase)));
}
