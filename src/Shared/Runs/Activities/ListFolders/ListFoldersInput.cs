using AccBackup.Backup.Settings;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.Runs.Activities;

/// <summary>Input of a listing activity: list these folders of a project (or its top folders when <see cref="FoldersBlob"/> is null).</summary>
/// <param name="FoldersBlob">NDJSON blob of <see cref="FolderRef"/> written by the previous wave.</param>
/// <param name="OutputKey">Unique, deterministic name for what this activity writes (a retry overwrites the same blobs).</param>
/// <param name="PreviousRunId">The run whose state lets unchanged folders be skipped; null lists every folder.</param>
/// <param name="StoredRunId">The run whose stored blobs a listed file's bytes are looked up in (the same version, or a rename
/// over the same storage object): found, the file is not copied again. Null lists every file for its copy (forceCopy).</param>
/// <param name="Versions">Which versions of a changed file to store: with <see cref="BackupVersions.All"/>, a listed file whose
/// tip is newer than the version <paramref name="StoredRunId"/>'s run stored for it also lists the versions in between.</param>
public sealed record ListFoldersInput(
    string RunId, ProjectRef Project, string? FoldersBlob, int Skip, int Take, string OutputKey, bool IncludeHidden, string? PreviousRunId = null, string? StoredRunId = null,
    BackupVersions Versions = BackupVersions.Latest);
