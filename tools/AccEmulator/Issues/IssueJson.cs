using System.Globalization;
using System.Text.Json;

namespace AccEmulator.Issues;

/// <summary>The Issues API v1 shapes of issues, comments, attachments and settings, written the same way by endpoints and truth.</summary>
internal static class IssueJson
{
    private static readonly string[] PermittedStatuses = ["open", "pending", "in_progress", "completed", "in_review", "not_approved", "in_dispute", "closed"];

    public static void WriteIssue(Utf8JsonWriter w, EmulatedIssue issue)
    {
        w.WriteStartObject();
        WriteIssueMembers(w, issue);
        w.WriteEndObject();
    }

    /// <summary>The issue's members, into an object the caller opened.</summary>
    public static void WriteIssueMembers(Utf8JsonWriter w, EmulatedIssue issue)
    {
        w.WriteString("id", issue.Id);
        w.WriteString("containerId", issue.ProjectGuid);
        w.WriteNumber("displayId", issue.DisplayId);
        w.WriteString("title", issue.Title);
        WriteNullable(w, "description", issue.Description);
        w.WriteString("snapshotUrn", (string?)null);
        w.WriteString("issueTypeId", issue.IssueTypeId);
        w.WriteString("issueSubtypeId", issue.IssueSubtypeId);
        w.WriteString("status", issue.Status);
        WriteNullable(w, "assignedTo", issue.AssignedTo);
        WriteNullable(w, "assignedToType", issue.AssignedToType);
        WriteNullable(w, "dueDate", issue.DueDate?.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture));
        WriteNullable(w, "startDate", issue.StartDate?.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture));
        WriteNullable(w, "locationId", issue.LocationId?.ToString("D"));
        WriteNullable(w, "locationDetails", issue.LocationDetails);
        w.WriteStartArray("linkedDocuments");
        w.WriteEndArray();
        WriteNullable(w, "rootCauseId", issue.RootCauseId?.ToString("D"));
        w.WriteStartArray("permittedStatuses");
        foreach (var status in PermittedStatuses)
        {
            w.WriteStringValue(status);
        }

        w.WriteEndArray();
        w.WriteBoolean("published", issue.Published);
        w.WriteNumber("commentCount", issue.Comments.Count);
        WriteTime(w, "openedAt", issue.CreatedAt);
        w.WriteString("openedBy", issue.CreatedBy);
        w.WriteString("createdBy", issue.CreatedBy);
        WriteTime(w, "createdAt", issue.CreatedAt);
        w.WriteString("updatedBy", issue.UpdatedBy);
        WriteTime(w, "updatedAt", issue.UpdatedAt);
        WriteNullable(w, "closedBy", issue.ClosedBy);
        WriteTime(w, "closedAt", issue.ClosedAt);
        WriteNullable(w, "deletedBy", issue.DeletedBy);
        WriteTime(w, "deletedAt", issue.DeletedAt);
        w.WriteBoolean("deleted", issue.Deleted);
        w.WriteStartArray("watchers");
        foreach (var watcher in issue.Watchers)
        {
            w.WriteStringValue(watcher);
        }

        w.WriteEndArray();
        w.WriteStartArray("customAttributes");
        foreach (var attribute in issue.CustomAttributes)
        {
            w.WriteStartObject();
            w.WriteString("attributeDefinitionId", attribute.AttributeDefinitionId);
            if (attribute.Type == "numeric" && attribute.Value is { } number)
            {
                w.WriteNumber("value", decimal.Parse(number, CultureInfo.InvariantCulture));
            }
            else
            {
                WriteNullable(w, "value", attribute.Value);
            }

            w.WriteString("type", attribute.Type);
            w.WriteString("title", attribute.Title);
            w.WriteEndObject();
        }

        w.WriteEndArray();
    }

    public static void WriteComment(Utf8JsonWriter w, IssueComment comment)
    {
        w.WriteStartObject();
        w.WriteString("id", comment.Id);
        w.WriteString("body", comment.Body);
        w.WriteString("createdBy", comment.CreatedBy);
        WriteTime(w, "createdAt", comment.CreatedAt);
        WriteTime(w, "updatedAt", comment.CreatedAt);
        WriteTime(w, "clientCreatedAt", comment.CreatedAt);
        w.WriteStartArray("permittedActions");
        w.WriteEndArray();
        w.WriteEndObject();
    }

    public static void WriteAttachment(Utf8JsonWriter w, IssueAttachment attachment)
    {
        w.WriteStartObject();
        w.WriteString("attachmentId", attachment.AttachmentId);
        w.WriteString("displayName", attachment.DisplayName);
        w.WriteString("fileName", attachment.FileName);
        w.WriteString("attachmentType", "issue-attachment");
        if (attachment.DocsVersion is { } version)
        {
            // A Docs file: Data Management urns instead of an OSS object; the tip is read now, so a newer version shows.
            w.WriteString("lineageUrn", version.Item.Id);
            w.WriteString("versionUrn", version.Id);
            w.WriteString("tipVersionUrn", version.Item.Tip.Id);
            w.WriteNumber("version", version.Number);
        }
        else
        {
            w.WriteString("storageUrn", attachment.Storage.StorageId);
        }

        w.WriteNumber("fileSize", attachment.Storage.Length);
        w.WriteString("fileType", attachment.FileType);
        w.WriteString("domainEntityId", attachment.IssueId);
        w.WriteString("createdBy", attachment.CreatedBy);
        WriteTime(w, "createdOn", attachment.CreatedOn);
        w.WriteString("modifiedBy", attachment.CreatedBy);
        WriteTime(w, "modifiedOn", attachment.CreatedOn);
        w.WriteBoolean("isDeleted", false);
        w.WriteEndObject();
    }

    public static void WriteType(Utf8JsonWriter w, IssueType type, Guid projectGuid, bool withSubtypes)
    {
        w.WriteStartObject();
        w.WriteString("id", type.Id);
        w.WriteString("containerId", projectGuid);
        w.WriteString("title", type.Title);
        w.WriteString("code", type.Code);
        w.WriteBoolean("isActive", type.IsActive);
        w.WriteNumber("orderIndex", type.OrderIndex);
        w.WriteString("createdBy", type.CreatedBy);
        WriteTime(w, "createdAt", type.CreatedAt);
        WriteTime(w, "updatedAt", type.CreatedAt);
        if (withSubtypes)
        {
            w.WriteStartArray("subtypes");
            foreach (var subtype in type.Subtypes)
            {
                w.WriteStartObject();
                w.WriteString("id", subtype.Id);
                w.WriteString("issueTypeId", subtype.IssueTypeId);
                w.WriteString("title", subtype.Title);
                w.WriteString("code", subtype.Code);
                w.WriteBoolean("isActive", subtype.IsActive);
                w.WriteNumber("orderIndex", subtype.OrderIndex);
                w.WriteBoolean("isReadOnly", false);
                w.WriteEndObject();
            }

            w.WriteEndArray();
        }

        w.WriteEndObject();
    }

    public static void WriteRootCauseCategory(Utf8JsonWriter w, RootCauseCategory category, bool withRootCauses)
    {
        w.WriteStartObject();
        w.WriteString("id", category.Id);
        w.WriteString("title", category.Title);
        w.WriteBoolean("isActive", category.IsActive);
        if (withRootCauses)
        {
            w.WriteStartArray("rootCauses");
            foreach (var cause in category.RootCauses)
            {
                w.WriteStartObject();
                w.WriteString("id", cause.Id);
                w.WriteString("rootCauseCategoryId", cause.RootCauseCategoryId);
                w.WriteString("title", cause.Title);
                w.WriteBoolean("isActive", cause.IsActive);
                w.WriteEndObject();
            }

            w.WriteEndArray();
        }

        w.WriteEndObject();
    }

    public static void WriteAttributeDefinition(Utf8JsonWriter w, AttributeDefinition definition, Guid projectGuid)
    {
        w.WriteStartObject();
        w.WriteString("id", definition.Id);
        w.WriteString("containerId", projectGuid);
        w.WriteString("title", definition.Title);
        WriteNullable(w, "description", definition.Description);
        w.WriteString("dataType", definition.DataType);
        w.WriteStartObject("metadata");
        if (definition.DataType == "list")
        {
            w.WriteStartObject("list");
            w.WriteStartArray("options");
            foreach (var option in definition.Options)
            {
                w.WriteStartObject();
                w.WriteString("id", option.Id);
                w.WriteString("value", option.Value);
                w.WriteEndObject();
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        w.WriteEndObject();
        w.WriteString("createdBy", definition.CreatedBy);
        WriteTime(w, "createdAt", definition.CreatedAt);
        WriteTime(w, "updatedAt", definition.CreatedAt);
        WriteTime(w, "deletedAt", null);
        w.WriteEndObject();
    }

    public static void WriteAttributeMapping(Utf8JsonWriter w, AttributeMapping mapping, Guid projectGuid)
    {
        w.WriteStartObject();
        w.WriteString("id", mapping.Id);
        w.WriteString("containerId", projectGuid);
        w.WriteString("attributeDefinitionId", mapping.AttributeDefinitionId);
        w.WriteString("mappedItemId", mapping.MappedItemId);
        w.WriteString("mappedItemType", mapping.MappedItemType);
        w.WriteNumber("order", mapping.Order);
        w.WriteEndObject();
    }

    /// <summary>Timestamps as the Issues API writes them: UTC, milliseconds, <c>Z</c>; null when absent.</summary>
    public static void WriteTime(Utf8JsonWriter w, string name, DateTimeOffset? time) =>
        WriteNullable(w, name, time?.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture));

    private static void WriteNullable(Utf8JsonWriter w, string name, string? value)
    {
        if (value is null)
        {
            w.WriteNull(name);
        }
        else
        {
            w.WriteString(name, value);
        }
    }
}
