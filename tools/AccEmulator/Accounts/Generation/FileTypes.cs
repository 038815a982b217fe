namespace AccEmulator.Accounts.Generation;

/// <summary>File extension and MIME type of a display name, as the API reports them.</summary>
internal static class FileTypes
{
    private static readonly Dictionary<string, string> MimeTypes = new(StringComparer.Ordinal)
    {
        ["pdf"] = "application/pdf",
        ["dwg"] = "application/acad",
        ["rvt"] = "application/vnd.autodesk.revit",
        ["nwd"] = "application/vnd.autodesk.navisworks",
        ["ifc"] = "application/x-step",
        ["docx"] = "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ["xlsx"] = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ["jpg"] = "image/jpeg",
        ["png"] = "image/png",
        ["txt"] = "text/plain",
        ["zip"] = "application/zip",
    };

    /// <summary>The lower-case extension when it is a plain token (letters and digits, 1–8 long); otherwise null.</summary>
    public static string? Extension(string name)
    {
        var dot = name.LastIndexOf('.');
        if (dot < 0 || dot == name.Length - 1)
        {
            return null;
        }

        var extension = name[(dot + 1)..];
        return extension.Length <= 8 && extension.All(char.IsAsciiLetterOrDigit)
            ? extension.ToLowerInvariant()
            : null;
    }

    public static string MimeType(string name) =>
        Extension(name) is { } extension && MimeTypes.TryGetValue(extension, out var mime) ? mime : "application/octet-stream";
}
