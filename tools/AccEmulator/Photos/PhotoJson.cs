using System.Text.Json;
using AccEmulator.Sheets;

namespace AccEmulator.Photos;

/// <summary>The Photos API's shape of a photo and the Relationships API's shape of a link, written the same way by the
/// endpoints and the truth.</summary>
internal static class PhotoJson
{
    /// <summary>A photo; with <paramref name="signedUrls"/> (<c>include=signedUrls</c>) its signed file and thumbnail URLs.</summary>
    public static void WritePhoto(Utf8JsonWriter w, EmulatedPhoto photo, (string File, string Thumbnail)? signedUrls)
    {
        w.WriteStartObject();
        w.WriteString("id", photo.Id);
        w.WriteString("projectId", photo.ProjectGuid);
        w.WriteString("title", photo.Title);
        w.WriteString("description", photo.Description);
        w.WriteString("type", photo.Type);
        w.WriteString("mediaType", photo.MediaType);
        w.WriteNumber("size", photo.File.Length);
        w.WriteString("takenAt", SheetJson.Time(photo.TakenAt));
        w.WriteString("userCreatedAt", SheetJson.Time(photo.CreatedAt));
        w.WriteString("createdAt", SheetJson.Time(photo.CreatedAt));
        w.WriteString("createdBy", photo.CreatedBy);
        w.WriteString("updatedAt", SheetJson.Time(photo.UpdatedAt));
        w.WriteString("updatedBy", photo.UpdatedBy);
        w.WriteNull("deletedAt");
        w.WriteNull("deletedBy");
        WriteNumber(w, "latitude", photo.Latitude);
        WriteNumber(w, "longitude", photo.Longitude);
        w.WriteBoolean("isPublic", photo.IsPublic);
        w.WriteBoolean("locked", photo.Locked);
        // The unsigned URLs need the caller's token (host-relative here: the truth has no host).
        var path = $"/construction/photos/v1/projects/{photo.ProjectGuid:D}/photos/{photo.Id:D}";
        w.WriteStartObject("urls");
        w.WriteString("fileUrl", path + "/file");
        w.WriteString("thumbnailUrl", path + "/thumbnail");
        w.WriteEndObject();
        if (signedUrls is { } signed)
        {
            w.WriteStartObject("signedUrls");
            w.WriteString("fileUrl", signed.File);
            w.WriteString("thumbnailUrl", signed.Thumbnail);
            w.WriteEndObject();
        }

        w.WriteEndObject();
    }

    /// <summary>A link as <c>relationships:sync</c> answers it: the photo's entity first, then the other item's.</summary>
    public static void WriteRelationship(Utf8JsonWriter w, EmulatedRelationship relationship)
    {
        w.WriteStartObject();
        w.WriteString("id", relationship.Id);
        w.WriteString("createdOn", SheetJson.Time(relationship.CreatedOn));
        if (relationship.DeletedOn is { } deleted)
        {
            w.WriteString("deletedOn", SheetJson.Time(deleted));
        }
        else
        {
            w.WriteNull("deletedOn");
        }

        w.WriteBoolean("isDeleted", relationship.DeletedOn is not null);
        w.WriteBoolean("isReadOnly", false);
        w.WriteBoolean("isService", false);
        w.WriteStartArray("entities");
        WriteEntity(w, PhotoGenerator.PhotoDomain, PhotoGenerator.PhotoType, relationship.PhotoId.ToString("D"), relationship.CreatedOn);
        WriteEntity(w, relationship.Domain, relationship.Type, relationship.ItemId, relationship.CreatedOn);
        w.WriteEndArray();
        w.WriteEndObject();
    }

    private static void WriteEntity(Utf8JsonWriter w, string domain, string type, string id, DateTimeOffset createdOn)
    {
        w.WriteStartObject();
        w.WriteString("domain", domain);
        w.WriteString("type", type);
        w.WriteString("id", id);
        w.WriteString("createdOn", SheetJson.Time(createdOn));
        w.WriteEndObject();
    }

    private static void WriteNumber(Utf8JsonWriter w, string name, double? value)
    {
        if (value is { } number)
        {
            w.WriteNumber(name, number);
        }
        else
        {
            w.WriteNull(name);
        }
    }
}
