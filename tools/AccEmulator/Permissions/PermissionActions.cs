namespace AccEmulator.Permissions;

/// <summary>
/// The actions Data Management's <c>CheckPermission</c> command knows (its <c>requiredActions</c> vocabulary,
/// https://aps.autodesk.com/en/docs/data/v2/reference/http/projects-project_id-commands-POST/), and which one each write needs.
/// </summary>
public static class PermissionActions
{
    public const string Read = "read";
    public const string View = "view";
    public const string Download = "download";
    public const string Collaborate = "collaborate";
    public const string Write = "write";
    public const string Upload = "upload";
    public const string UpdateMetaData = "updateMetaData";
    public const string Create = "create";
    public const string Delete = "delete";
    public const string Admin = "admin";
    public const string Share = "share";

    /// <summary>Every action: what an identity without explicit permissions (and the app itself) may do.</summary>
    public static readonly IReadOnlyList<string> All = [Read, View, Download, Collaborate, Write, Upload, UpdateMetaData, Create, Delete, Admin, Share];

    /// <summary>ACC's "View + Download" level: reads only.</summary>
    public static readonly IReadOnlyList<string> ViewDownload = [Read, View, Download, Collaborate];

    public static bool IsKnown(string action) => All.Contains(action, StringComparer.Ordinal);
}
