using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Rfis;

/// <summary>One RFI with everything hung on it: the RFI whole (<c>GET rfis/{id}</c>, its responses embedded), its comments and its
/// attachments with where their bytes are stored.</summary>
public sealed record RfiRecord(JsonElement Rfi, IReadOnlyList<JsonElement> Comments, IReadOnlyList<RfiAttachmentRecord> Attachments)
{
    /// <summary>The RFI's id.</summary>
    [JsonIgnore]
    public string Id => Rfi.GetProperty("id").GetString()!;

    /// <summary>The RFI's <c>updatedAt</c> as APS wrote it (what tells a changed RFI from an unchanged one).</summary>
    [JsonIgnore]
    public string? UpdatedAt => ModuleJson.Text(Rfi, "updatedAt");
}

/// <summary>An attachment as APS listed it, with its stored bytes, or why they are not stored (the next night tries again).</summary>
/// <param name="Stored">The blob holding the bytes: the attachment's own, or for a reference the file backup's blob of that version
/// (found among the files the run before stored); null for a reference to a version this run's file backup stores (restore takes
/// it from the run's manifest), or when the bytes could not be stored (see <paramref name="Error"/>).</param>
public sealed record RfiAttachmentRecord(JsonElement Attachment, StoredModuleFile? Stored, string? Error)
{
    /// <summary>The attachment's id.</summary>
    [JsonIgnore]
    public string? Id => ModuleJson.Text(Attachment, "attachmentId");

    /// <summary>The Docs file version (<c>versionUrn</c>, the manifest's version id) whose bytes this attachment is, not copied:
    /// the file backup stores it. Null for bytes stored as an attachment of its own, and for failures.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ReferencedVersion { get; init; }

    /// <summary>Whether the bytes are the file backup's (<see cref="ReferencedVersion"/>), not a blob of the attachment's own.</summary>
    [JsonIgnore]
    public bool IsReferenced => ReferencedVersion is not null && Error is null;

    /// <summary>Whether this is a reference still to be found in its run's manifest (the tip this run's file backup stores): the
    /// next night settles it to that blob, or copies the bytes if no run stored them.</summary>
    [JsonIgnore]
    public bool IsUnresolvedReference => IsReferenced && Stored is null;

    /// <summary>A Docs file version's attachment kept as a reference to <paramref name="versionUrn"/>: to <paramref name="stored"/>
    /// when a run already stored it, else to what this run's file backup stores.</summary>
    public static RfiAttachmentRecord Reference(JsonElement attachment, string versionUrn, StoredModuleFile? stored = null) =>
        new(attachment, stored, null) { ReferencedVersion = versionUrn };
}
