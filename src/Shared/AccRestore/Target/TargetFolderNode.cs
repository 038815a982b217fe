using AccBackup.Acc;

namespace AccBackup.AccRestore.Target;

/// <summary>A folder of a target project as listed now (hidden ones included), with its files and sub-folders.</summary>
public sealed class TargetFolderNode(AccFolder folder, TargetFolderNode? parent, IReadOnlyList<string> segments)
{
    /// <summary>The folder as listed.</summary>
    public AccFolder Folder { get; set; } = folder;

    /// <summary>Its parent, or null for a top folder.</summary>
    public TargetFolderNode? Parent { get; } = parent;

    /// <summary>The names from the top folder down to this one.</summary>
    public IReadOnlyList<string> Segments { get; } = segments;

    /// <summary>The path from the top folder.</summary>
    public string Path => string.Join('/', Segments);

    /// <summary>Its sub-folders, hidden ones included.</summary>
    public List<TargetFolderNode> Children { get; } = [];

    /// <summary>Its files, hidden (deleted) ones included.</summary>
    public List<AccFile> Files { get; } = [];

    /// <summary>Whether this folder or one above it is hidden (deleted).</summary>
    public bool HiddenHere => Folder.Hidden || (Parent?.HiddenHere ?? false);

    /// <summary>The sub-folder named <paramref name="name"/> (case-insensitively, as ACC compares): a visible one first.</summary>
    public TargetFolderNode? Child(string name) =>
        Children.Where(c => string.Equals(c.Folder.Name, name, StringComparison.OrdinalIgnoreCase)).OrderBy(c => c.Folder.Hidden).FirstOrDefault();

    /// <summary>The visible file named <paramref name="name"/> (case-insensitively), or null.</summary>
    public AccFile? VisibleFile(string name) =>
        Files.FirstOrDefault(f => !f.Hidden && !IsDeleted(f) && string.Equals(f.Name, name, StringComparison.OrdinalIgnoreCase));

    /// <summary>Whether the file's tip is a delete (<c>versions:autodesk.core:Deleted</c>) or it is hidden.</summary>
    public static bool IsDeleted(AccFile file) =>
        file.Hidden || HasDeletedTip(file);

    /// <summary>Whether the file's tip is a delete: hidden with no bytes at the tip, as a delete in ACC leaves it.</summary>
    public static bool HasDeletedTip(AccFile file) =>
        file.Tip?.ExtensionType == "versions:autodesk.core:Deleted";
}
