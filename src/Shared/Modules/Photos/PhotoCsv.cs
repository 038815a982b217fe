using System.Text;
using System.Text.Json;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Modules.Photos;

/// <summary>A project's photos and their links as spreadsheets: one row per photo or video (with what it is linked to and its stored
/// file), and one row per link; RFC 4180, UTF-8 with BOM, formula-safe cells. The JSON snapshot stays the record.</summary>
internal static class PhotoCsv
{
    private static readonly string[] PhotoColumns =
        ["title", "mediaType", "description", "takenAt", "createdBy", "createdAt", "updatedAt", "size", "latitude", "longitude", "linkedTo", "storedFile", "sha256", "error", "id"];

    private static readonly string[] LinkColumns = ["photoId", "photoTitle", "domain", "type", "itemId", "createdOn", "id"];

    public static byte[] Photos(PhotoSnapshot snapshot)
    {
        var links = LinksByPhoto(snapshot.Links);
        return Write(PhotoColumns, snapshot.Photos.Select(record =>
        {
            var photo = record.Photo;
            return new string?[]
            {
                record.FileName, ModuleJson.Text(photo, "mediaType"), ModuleJson.Text(photo, "description"), ModuleJson.Text(photo, "takenAt"),
                ModuleJson.Text(photo, "createdBy"), ModuleJson.Text(photo, "createdAt"), ModuleJson.Text(photo, "updatedAt"), ModuleJson.Text(photo, "size"),
                ModuleJson.Text(photo, "latitude"), ModuleJson.Text(photo, "longitude"),
                string.Join("; ", links.GetValueOrDefault(record.Id, []).Select(l => $"{l.Type} {l.ItemId}")),
                record.Stored?.BlobName, record.Stored?.Sha256, record.Error, record.Id,
            };
        }));
    }

    public static byte[] Links(PhotoSnapshot snapshot)
    {
        var titles = snapshot.Photos.ToDictionary(p => p.Id, p => p.FileName, StringComparer.Ordinal);
        return Write(LinkColumns, snapshot.Links.Select(link =>
        {
            var other = Other(link);
            var photoId = other?.PhotoId;
            return new string?[]
            {
                photoId, photoId is null ? null : titles.GetValueOrDefault(photoId), other?.Domain, other?.Type, other?.ItemId,
                ModuleJson.Text(link, "createdOn"), ModuleJson.Text(link, "id"),
            };
        }));
    }

    /// <summary>A link's photo end and its other end; null when it has no two entities.</summary>
    internal static (string? PhotoId, string? Domain, string? Type, string? ItemId)? Other(JsonElement link)
    {
        if (!link.TryGetProperty("entities", out var entities) || entities.ValueKind != JsonValueKind.Array || entities.GetArrayLength() != 2)
        {
            return null;
        }

        var (photo, other) = ModuleJson.Text(entities[0], "domain") == RelationshipsClient.PhotoDomain ? (entities[0], entities[1]) : (entities[1], entities[0]);
        return (ModuleJson.Text(photo, "id"), ModuleJson.Text(other, "domain"), ModuleJson.Text(other, "type"), ModuleJson.Text(other, "id"));
    }

    private static Dictionary<string, List<(string? Type, string? ItemId)>> LinksByPhoto(IEnumerable<JsonElement> links)
    {
        var byPhoto = new Dictionary<string, List<(string?, string?)>>(StringComparer.Ordinal);
        foreach (var link in links)
        {
            if (Other(link) is not { PhotoId: { } photoId } other)
            {
                continue;
            }

            if (!byPhoto.TryGetValue(photoId, out var list))
            {
                byPhoto[photoId] = list = [];
            }

            list.Add((other.Type, other.ItemId));
        }

        return byPhoto;
    }

    private static byte[] Write(string[] columns, IEnumerable<string?[]> rows)
    {
        var text = new StringBuilder();
        text.AppendJoin(',', columns.Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var row in rows)
        {
            text.AppendJoin(',', row.Select(ManifestCsv.Field)).Append("\r\n");
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }
}
