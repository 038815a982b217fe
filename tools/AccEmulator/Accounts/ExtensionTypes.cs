namespace AccEmulator.Accounts;

/// <summary>The JSON:API extension type strings for each kind.</summary>
internal static class ExtensionTypes
{
    public const string Hub = "hubs:autodesk.bim360:Account";
    public const string Project = "projects:autodesk.bim360:Project";
    public const string Folder = "folders:autodesk.bim360:Folder";
    public const string TitleBlock = "items:autodesk.bim360:TitleBlock";
    public const string DeletedVersion = "versions:autodesk.core:Deleted";

    public static string Item(ItemKind kind) => "items:autodesk.bim360:" + kind;

    public static string Version(ItemKind kind) => "versions:autodesk.bim360:" + kind;
}
