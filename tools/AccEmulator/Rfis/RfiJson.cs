using System.Globalization;
using System.Text.Json;
using AccEmulator.Sheets;

namespace AccEmulator.Rfis;

/// <summary>The RFIs API v3 shapes of RFIs (as search lists them, and whole with their responses), comments and attachments,
/// written the same way by the endpoints and the truth.</summary>
internal static class RfiJson
{
    /// <summary>An RFI as <c>search:rfis</c> lists it: no responses.</summary>
    public static void WriteListed(Utf8JsonWriter w, EmulatedRfi rfi)
    {
        w.WriteStartObject();
        WriteMembers(w, rfi);
        w.WriteEndObject();
    }

    /// <summary>An RFI as <c>GET rfis/{id}</c> answers: the listed members with its responses embedded.</summary>
    public static void WriteWhole(Utf8JsonWriter w, EmulatedRfi rfi)
    {
        w.WriteStartObject();
        WriteWholeMembers(w, rfi);
        w.WriteEndObject();
    }

    /// <summary>The whole RFI's members, into an object the caller opened.</summary>
    public static void WriteWholeMembers(Utf8JsonWriter w, EmulatedRfi rfi)
    {
        WriteMembers(w, rfi);
        w.WriteStartArray("responses");
        foreach (var response in rfi.Responses)
        {
            w.WriteStartObject();
            w.WriteString("id", response.Id);
            w.WriteString("rfiId", rfi.Id);
            w.WriteString("text", response.Text);
            w.WriteString("status", response.Official ? "official" : "submitted");
            w.WriteString("state", "published");
            w.WriteString("createdBy", response.CreatedBy);
            w.WriteString("createdAt", SheetJson.Time(response.CreatedAt));
            w.WriteString("updatedBy", response.CreatedBy);
            w.WriteString("updatedAt", SheetJson.Time(response.CreatedAt));
            w.WriteNull("deletedAt");
            w.WriteBoolean("isEditable", false);
            w.WriteEndObject();
        }

        w.WriteEndArray();
        w.WriteStartArray("draftResponses");
        w.WriteEndArray();
    }

    public static void WriteComment(Utf8JsonWriter w, RfiComment comment)
    {
        w.WriteStartObject();
        w.WriteString("id", comment.Id);
        w.WriteString("body", comment.Body);
        w.WriteString("source", "web");
        w.WriteString("createdBy", comment.CreatedBy);
        w.WriteString("createdAt", SheetJson.Time(comment.CreatedAt));
        w.WriteString("updatedAt", SheetJson.Time(comment.CreatedAt));
        w.WriteEndObject();
    }

    public static void WriteAttachment(Utf8JsonWriter w, RfiAttachment attachment)
    {
        w.WriteStartObject();
        w.WriteString("attachmentId", attachment.AttachmentId);
        w.WriteString("rfiId", attachment.RfiId);
        w.WriteString("attachmentType", attachment.AttachmentType);
        w.WriteString("displayName", attachment.DisplayName);
        w.WriteString("fileName", attachment.FileName);
        w.WriteNumber("fileSize", attachment.Storage.Length);
        w.WriteString("fileType", attachment.FileType);
        w.WriteString("storageUrn", attachment.Storage.StorageId);
        if (attachment.DocsVersion is { } version)
        {
            // A Docs file: its Data Management urns too; the tip is read now, so a newer version shows.
            w.WriteString("lineageUrn", version.Item.Id);
            w.WriteString("versionUrn", version.Id);
            w.WriteString("tipVersionUrn", version.Item.Tip.Id);
            w.WriteNumber("version", version.Number);
        }

        w.WriteString("createdBy", attachment.CreatedBy);
        w.WriteString("createdOn", SheetJson.Time(attachment.CreatedOn));
        w.WriteString("modifiedBy", attachment.CreatedBy);
        w.WriteString("modifiedOn", SheetJson.Time(attachment.CreatedOn));
        w.WriteBoolean("isDeleted", false);
        w.WriteEndObject();
    }

    private static void WriteMembers(Utf8JsonWriter w, EmulatedRfi rfi)
    {
        w.WriteString("id", rfi.Id);
        w.WriteString("containerId", rfi.ProjectGuid);
        w.WriteString("customIdentifier", rfi.Number.ToString("000", CultureInfo.InvariantCulture));
        w.WriteString("title", rfi.Title);
        w.WriteString("question", rfi.Question);
        w.WriteString("status", rfi.Status);
        w.WriteString("previousStatus", rfi.PreviousStatus);
        w.WriteString("priority", rfi.Priority);
        w.WriteStartArray("discipline");
        w.WriteStringValue(rfi.Discipline);
        w.WriteEndArray();
        w.WriteString("dueDate", rfi.DueDate?.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture));
        WriteStrings(w, "assignedTo", rfi.AssignedTo);
        WriteStrings(w, "watchers", rfi.Watchers);
        w.WriteString("locationDescription", rfi.LocationDescription);
        w.WriteString("officialResponse", rfi.OfficialResponse?.Text);
        w.WriteString("officialResponseStatus", rfi.OfficialResponse is null ? null : "published");
        w.WriteNumber("commentsCount", rfi.Comments.Count);
        w.WriteString("workflowType", "US");
        w.WriteBoolean("isHidden", rfi.Hidden);
        w.WriteString("createdBy", rfi.CreatedBy);
        w.WriteString("createdAt", SheetJson.Time(rfi.CreatedAt));
        w.WriteString("updatedBy", rfi.UpdatedBy);
        w.WriteString("updatedAt", SheetJson.Time(rfi.UpdatedAt));
        w.WriteString("closedBy", rfi.ClosedBy);
        w.WriteString("closedAt", rfi.ClosedAt is { } closed ? SheetJson.Time(closed) : null);
    }

    private static void WriteStrings(Utf8JsonWriter w, string name, IEnumerable<string> values)
    {
        w.WriteStartArray(name);
        foreach (var value in values)
        {
            w.WriteStringValue(value);
        }

        w.WriteEndArray();
    }
}
