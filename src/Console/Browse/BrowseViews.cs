namespace AccBackup.BackupConsole.Browse;

/// <summary>The night a Browse page shows: asked by id, by date (the last night finished by then), or the latest.</summary>
internal sealed record NightRef(string RunId, DateTimeOffset FinishedAt);

/// <summary>The projects a night holds.</summary>
internal sealed record ProjectList(NightRef Night, IReadOnlyList<string> Projects);

/// <summary>One folder of a project as a night saw it: its sub-folders and its files.</summary>
/// <param name="Folder">The folder's path within the project ('/'-separated; empty for the project itself).</param>
internal sealed record FolderListing(NightRef Night, string Project, string Folder, IReadOnlyList<string> Folders, IReadOnlyList<FileRow> Files);

/// <summary>A file as a night recorded it.</summary>
/// <param name="Path">Its ACC path as the manifest writes it: what its history is asked by.</param>
internal sealed record FileRow(string Name, string Folder, string Path, string Status, int? VersionNumber, long? StoredSize, string? Sha256);

/// <summary>The files of a project whose name contains the words asked for.</summary>
internal sealed record SearchResult(NightRef Night, string Project, string Query, IReadOnlyList<FileRow> Files, bool Truncated);

/// <summary>A file's history: every stored version, newest first.</summary>
internal sealed record FileVersions(string Path, IReadOnlyList<StoredVersion> Versions);

/// <summary>One stored version of a file and the nights that hold it.</summary>
/// <param name="Downloadable">Whether a kept night holds a copy of it that can be downloaded.</param>
internal sealed record StoredVersion(int? VersionNumber, long? StoredSize, string? Sha256, bool EarlierVersion, bool Downloadable, IReadOnlyList<VersionNight> Nights);

/// <summary>A night that holds a version, and what it recorded of it.</summary>
internal sealed record VersionNight(string RunId, DateTimeOffset FinishedAt, string Status);
