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
public sealed record RfiAttachmentRecord(JsonElement Attachment, StoredModuleFile? Stored, string? Error)
{
    /// <summary>The attachment's id.</summary>
    [JsonIgnore]
    public string? Id => ModuleJson.Text(Attachment, "attachmentId");
}
