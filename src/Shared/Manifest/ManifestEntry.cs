using System.Text.Json.Serialization;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;

namespace AccBackup.Manifest;

/// <summary>What a run did with one file; written camelCase (<see cref="ManifestStatusNames"/>).</summary>
[JsonConverter(typeof(ManifestStatusJsonConverter))]
public enum ManifestStatus
{
    /// <summary>Transferred, verified and committed by this run.</summary>
    Copied,

    /// <summary>This version was already stored and verified by an earlier run.</summary>
    Unchanged,

    /// <summary>The version has no bytes in APS (e.g. a Plans sheet): nothing to store.</summary>
    NoContent,

    /// <summary>Dry run: this version is not stored yet and would be copied.</summary>
    Planned,

    /// <summary>Gone from ACC; the blob stays in the backup. <see cref="ManifestEntry.SinceRun"/> is the run that found it gone.</summary>
    Deleted,

    /// <summary>Renamed or moved in ACC: this old path's blob stays; the file is stored again under its new path.</summary>
    Moved,

    /// <summary>Could not be stored; <see cref="ManifestEntry.Error"/> says why. Nothing half-written was committed.</summary>
    Failed,

    /// <summary>This run could not list the file's folder or project: the entry and its blob are an earlier run's, carried
    /// so the backup never forgets what it holds. <see cref="ManifestEntry.Error"/> says why.</summary>
    NotListed,

    /// <summary>This run could not copy a newer version: the blob still holds the earlier version this entry describes.
    /// <see cref="ManifestEntry.Error"/> says what failed.</summary>
    Carried,
}

/// <summary>One file of a run's manifest.</summary>
public sealed record ManifestEntry(
    [property: System.Text.Json.Serialization.JsonConverter(typeof(InternedStringConverter))] string ProjectId,
    [property: System.Text.Json.Serialization.JsonConverter(typeof(InternedStringConverter))] string ProjectName,
    string Path,
    string ItemId,
    string? VersionId,
    int? VersionNumber,
    long? ApiSize,
    long? StoredSize,
    string? Sha256,
    string? BlobName,
    ManifestStatus Status,
    string? Error)
{
    /// <summary>The ACC folder the file was listed in.</summary>
    public string? FolderId { get; init; }

    /// <summary>The APS storage object holding the version's bytes (<c>bucketKey/objectKey</c>): a rename in ACC is a new
    /// version over the same object, so a later run finds the blob that already holds those bytes by it. Null when the
    /// version has no bytes, and in manifests written before it was recorded.</summary>
    public string? Storage { get; init; }

    /// <summary>Where the file goes on restore, relative to the restore folder: its ACC path made safe for file names, without
    /// version. Null in manifests written before versions were stored apart (then the blob name is the place).</summary>
    public string? Place { get; init; }

    /// <summary>The restore path: <see cref="Place"/>, or the blob name for an entry written before places were recorded.</summary>
    [JsonIgnore]
    public string? RestorePath => Place ?? BlobName;

    /// <summary>Whether the entry is a version older than the file's tip, stored because Backup:Versions is All: counted apart
    /// in the summary, left out of a plain restore of the run (which restores the account as it was), never carried into
    /// later manifests; <c>restore --path … --version N</c> restores it.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public bool EarlierVersion { get; init; }

    /// <summary>For deleted and moved entries: the run that first saw the change.</summary>
    public string? SinceRun { get; init; }

    /// <summary>How the stored bytes were checked when they were copied: <c>sha256+aps-sha1</c> or <c>sha256</c> (streamed and
    /// hashed; APS's SHA-1 matched, or APS gave none) or <c>size</c> (copied by the storage service: only the byte count
    /// was checked, and <see cref="Sha256"/> is empty). Null when nothing is stored, or in manifests written before it was recorded.</summary>
    [System.Text.Json.Serialization.JsonConverter(typeof(InternedStringConverter))]
    public string? Verification { get; init; }

    /// <summary>How the stored bytes were moved when they were copied: <c>stream</c>, <c>server</c> (Put Block From URL: none
    /// passed through the worker) or <c>stream-fallback</c> (server-side copy asked for, refused by the service, streamed).
    /// Null when nothing is stored, or for copies stored before it was recorded.</summary>
    [System.Text.Json.Serialization.JsonConverter(typeof(InternedStringConverter))]
    public string? Transfer { get; init; }

    /// <summary>Which size APS stated that <see cref="ApiSize"/> is: <c>aps</c> (the version's <c>storageSize</c> in the listing) or
    /// <c>signedDownload</c> (the <c>size</c> signeds3download stated, used when the listing stated none, as APS's reference
    /// examples of versions show). Null when APS stated no size, and in manifests written before it was recorded (then: <c>aps</c>).</summary>
    [System.Text.Json.Serialization.JsonConverter(typeof(InternedStringConverter))]
    public string? SizeReference { get; init; }

    /// <summary>The <see cref="Verification"/> of a file copied by the storage service (the copy engine's <c>CopyMethods.SizeOnly</c>).</summary>
    public const string SizeOnlyVerification = "size";

    /// <summary>Whether the stored bytes were only ever checked by their count (copied by the storage service: no SHA-256
    /// was computed), so verify and restore can prove the length and nothing more.</summary>
    [JsonIgnore]
    public bool IsSizeOnly => string.IsNullOrEmpty(Sha256) && Verification == SizeOnlyVerification;

    /// <summary>Whether the entry records what its blob can be checked against: blob name, stored size, and a SHA-256
    /// unless the copy was <see cref="IsSizeOnly"/>.</summary>
    [JsonIgnore]
    public bool IsCheckable => BlobName is { Length: > 0 } && StoredSize is not null && (!string.IsNullOrEmpty(Sha256) || IsSizeOnly);

    /// <summary>Whether <paramref name="content"/> (read back from the blob or a restored file) is what this entry
    /// recorded: the same length and SHA-256, or the same length alone for a <see cref="IsSizeOnly"/> entry.</summary>
    public bool IsProvenBy(StoredContent content)
    {
        ArgumentNullException.ThrowIfNull(content);
        return IsSizeOnly ? content.Length == StoredSize : content.Matches(StoredSize, Sha256);
    }

    /// <summary>Whether the entry's blob holds a verified copy (this run's or an earlier one's): what verify checks and restore writes.</summary>
    [JsonIgnore]
    public bool IsStored => Status is ManifestStatus.Copied or ManifestStatus.Unchanged or ManifestStatus.NotListed or ManifestStatus.Carried;

    /// <summary>Whether the entry's blob holds a verified copy of its version: a stored entry, or the kept copy of a file deleted
    /// or moved in ACC (its entry still names the blob, size and SHA-256 it was stored with). Such an entry stays in every later
    /// manifest, so after the runs that stored the version are pruned it is what <c>restore --path … --version N</c> reads.</summary>
    [JsonIgnore]
    public bool HoldsCopy => IsStored || (Status is ManifestStatus.Deleted or ManifestStatus.Moved && IsCheckable);

    /// <summary>Whether the entry's ACC path, with or without its project, is <paramref name="path"/> (case-insensitive; surrounding '/' ignored).</summary>
    public bool IsAt(string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        var wanted = path.Trim().Trim('/');
        return string.Equals(Path, wanted, StringComparison.OrdinalIgnoreCase)
            || (Path.StartsWith(ProjectName + "/", StringComparison.OrdinalIgnoreCase)
                && string.Equals(Path[(ProjectName.Length + 1)..], wanted, StringComparison.OrdinalIgnoreCase));
    }

    /// <summary>Stored, but not with the size APS reported (<see cref="SizeReference"/> says which report).</summary>
    [JsonIgnore]
    public bool SizeMismatch => Status is ManifestStatus.Copied or ManifestStatus.Unchanged
        && ApiSize is { } api && StoredSize is { } stored && api != stored;
}
