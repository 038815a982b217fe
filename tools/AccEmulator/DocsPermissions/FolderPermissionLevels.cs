namespace AccEmulator.DocsPermissions;

/// <summary>ACC's folder permission levels as the actions the permissions API lists for each
/// (https://aps.autodesk.com/en/docs/bim360/v1/tutorials/retrieve-user-permissions).</summary>
public static class FolderPermissionLevels
{
    public static readonly IReadOnlyList<string> ViewOnly = ["VIEW", "COLLABORATE"];

    public static readonly IReadOnlyList<string> ViewDownload = ["VIEW", "DOWNLOAD", "COLLABORATE"];

    public static readonly IReadOnlyList<string> ViewDownloadMarkup = ["VIEW", "DOWNLOAD", "COLLABORATE", "PUBLISH_MARKUP"];

    public static readonly IReadOnlyList<string> Create = ["PUBLISH", "VIEW", "DOWNLOAD", "COLLABORATE", "PUBLISH_MARKUP"];

    public static readonly IReadOnlyList<string> Edit = ["PUBLISH", "VIEW", "DOWNLOAD", "COLLABORATE", "PUBLISH_MARKUP", "EDIT"];

    public static readonly IReadOnlyList<string> Manage = ["PUBLISH", "VIEW", "DOWNLOAD", "COLLABORATE", "PUBLISH_MARKUP", "EDIT", "CONTROL"];

    public static readonly IReadOnlyList<IReadOnlyList<string>> All = [ViewOnly, ViewDownload, ViewDownloadMarkup, Create, Edit, Manage];
}
