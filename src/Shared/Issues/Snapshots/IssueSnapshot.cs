using System.Text.Json;
using System.Text.Json.Serialization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.Issues.Snapshots;

/// <summary>One project's issues as of one run: the record (JSON, nothing flattened), written once under that run.</summary>
/// <param name="ProjectId">The Data Management project id (<c>b.…</c>).</param>
/// <param name="ExportedAt">When this run started reading (the next run's <c>filter[updatedAt]</c> starts before it).</param>
/// <param name="UpdatedSince">Null for a full read; otherwise only issues updated since then were read, the rest carried from <paramref name="BasedOnRunId"/>.</param>
/// <param name="Issues">Every issue, deleted ones included, by display id.</param>
public sealed record IssueSnapshot(
    string ProjectId,
    string ProjectName,
    string RunId,
    DateTimeOffset ExportedAt,
    DateTimeOffset? UpdatedSince,
    string? BasedOnRunId,
    IssueSettingsRecord Settings,
    IReadOnlyList<IssueRecord> Issues)
{
    /// <summary>Ids of issues <see cref="BasedOnRunId"/>'s snapshot held that ACC lists no more (purged, moved out of the project,
    /// or deleted where the service account cannot see deleted issues): not in this snapshot, still in the earlier ones. Null when none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<string>? VanishedIssueIds { get; init; }
}

/// <summary>A project's issue settings, each element as APS sent it.</summary>
public sealed record IssueSettingsRecord(
    IReadOnlyList<JsonElement> IssueTypes,
    IReadOnlyList<JsonElement> RootCauseCategories,
    IReadOnlyList<JsonElement> AttributeDefinitions,
    IReadOnlyList<JsonElement> AttributeMappings);

/// <summary>One issue with its comments and attachments, each as APS sent it.</summary>
public sealed record IssueRecord(JsonElement Issue, IReadOnlyList<JsonElement> Comments, IReadOnlyList<StoredAttachment> Attachments)
{
    /// <summary>The issue's id.</summary>
    [JsonIgnore]
    public string Id => Issue.GetProperty("id").GetString()!;

    /// <summary>Whether the issue is deleted (listed only with <c>filter[deleted]=true</c>).</summary>
    [JsonIgnore]
    public bool Deleted => Issue.TryGetProperty("deleted", out var deleted) && deleted.ValueKind == JsonValueKind.True;
}

/// <summary>An attachment as APS listed it, and where its bytes are kept: a write-once blob, with the SHA-256 of what was stored,
/// or (a Docs file version the file backup stores) a reference to that version.</summary>
/// <param name="BlobName">The blob holding the bytes: the attachment's own, or for a reference the file backup's blob of that version
/// (found among the files the run before stored); null for a reference to a version this run's file backup stores (restore takes
/// it from the run's manifest), or when the bytes could not be stored (see <paramref name="Error"/>).</param>
/// <param name="Error">Why the bytes are not stored; null when they are stored or referenced.</param>
public sealed record StoredAttachment(JsonElement Attachment, string? BlobName, long? StoredBytes, string? Sha256, string? Error)
{
    /// <summary>The Docs file version (<c>versionUrn</c>, the manifest's version id) whose bytes this attachment is, not copied
    /// again: the file backup stores it. Null for bytes stored as an attachment, for failures, and in snapshots written before
    /// references existed.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ReferencedVersion { get; init; }

    /// <summary>Whether the bytes are the file backup's (<see cref="ReferencedVersion"/>), not a blob of the attachment's own.</summary>
    [JsonIgnore]
    public bool IsReferenced => ReferencedVersion is not null && Error is null;

    /// <summary>Whether this is a reference still to be found in its run's manifest (the version this run's file backup stores):
    /// the next run settles it to a blob, or copies the bytes if no run stored them.</summary>
    [JsonIgnore]
    public bool IsUnresolvedReference => IsReferenced && BlobName is null;

    /// <summary>A Docs file version's attachment, kept as a reference to <paramref name="versionUrn"/>: to <paramref name="file"/>'s
    /// blob when a run already stored it, else to what this run's file backup stores.</summary>
    public static StoredAttachment Reference(JsonElement attachment, string versionUrn, ManifestEntry? file = null) =>
        new(attachment, file?.BlobName, file?.StoredSize, file?.Sha256, null) { ReferencedVersion = versionUrn };
}
