using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Photos;

/// <summary>One photo or video as the listing gave it (its signed URLs left out: they expire and are never kept), with where its
/// bytes are stored, or why they are not (the next night tries again).</summary>
public sealed record PhotoRecord(JsonElement Photo, StoredModuleFile? Stored, string? Error)
{
    /// <summary>The photo's id.</summary>
    [JsonIgnore]
    public string Id => Photo.GetProperty("id").GetString()!;

    /// <summary>The file's name: its title, with the extension its MIME type gives when the title has none.</summary>
    [JsonIgnore]
    public string FileName
    {
        get
        {
            var title = ModuleJson.Text(Photo, "title") is { Length: > 0 } t ? t : Id;
            return Path.HasExtension(title) ? title : title + TypeExtension;
        }
    }

    /// <summary>The file's extension (with its dot, lower case): the title's, or the one its MIME type gives. A title can change;
    /// the blob of the bytes is named by id and this, which the photo keeps.</summary>
    [JsonIgnore]
    public string Extension => Path.GetExtension(FileName).ToLowerInvariant();

    private string TypeExtension => ModuleJson.Text(Photo, "type") switch
    {
        "image/jpeg" => ".jpg",
        "image/png" => ".png",
        "image/heic" => ".heic",
        "video/mp4" => ".mp4",
        "video/quicktime" => ".mov",
        _ => ModuleJson.Text(Photo, "mediaType") == "video" ? ".mp4" : ".jpg",
    };
}
