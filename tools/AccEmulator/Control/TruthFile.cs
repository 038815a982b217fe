namespace AccEmulator.Control;

/// <summary>One live file as a perfect backup would record it; the oracle integration tests compare against.</summary>
/// <param name="ProjectId">The Data Management project id (<c>b.{guid}</c>).</param>
/// <param name="ProjectName">The project's name.</param>
/// <param name="FolderSegments">Raw folder names from the top folder down, e.g. ["Project Files", "A", "B"].</param>
/// <param name="Path">Segments and display name joined with '/', unescaped: names may themselves contain '/'.</param>
/// <param name="FolderId">The parent folder's id.</param>
/// <param name="ItemId">The item (lineage) id.</param>
/// <param name="VersionId">The tip version's id.</param>
/// <param name="VersionNumber">The tip version's number.</param>
/// <param name="DisplayName">The item's display name.</param>
/// <param name="StorageSize">The size the API reports (null without storage); may differ from <paramref name="ServedLength"/>.</param>
/// <param name="ServedLength">The bytes the download URL serves (null without storage).</param>
/// <param name="Sha256">Lower-case hex SHA-256 of the served bytes (null without storage, or not hashed).</param>
/// <param name="HasStorage">False for Plans documents, which cannot be downloaded.</param>
/// <param name="Hidden">Whether the item is hidden (listed only with includeHidden=true).</param>
/// <param name="ExtensionType">The tip's extension type, e.g. <c>versions:autodesk.bim360:File</c>.</param>
/// <param name="StorageId">The OSS storage id (null without storage).</param>
public sealed record TruthFile(
    string ProjectId,
    string ProjectName,
    IReadOnlyList<string> FolderSegments,
    string Path,
    string FolderId,
    string ItemId,
    string VersionId,
    int VersionNumber,
    string DisplayName,
    long? StorageSize,
    long? ServedLength,
    string? Sha256,
    bool HasStorage,
    bool Hidden,
    string ExtensionType,
    string? StorageId);
