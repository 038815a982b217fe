using System.Text.Json;

namespace AccEmulator.Sheets;

/// <summary>The Sheets API's shapes: collections, version sets, sheets and export jobs, written field by field.</summary>
internal static class SheetJson
{
    public static void WriteCollection(Utf8JsonWriter w, EmulatedSheetCollection collection)
    {
        w.WriteStartObject();
        w.WriteString("id", collection.Id);
        w.WriteString("name", collection.Name);
        WriteBy(w, "created", collection.CreatedAt, collection.CreatedBy);
        w.WriteEndObject();
    }

    public static void WriteVersionSet(Utf8JsonWriter w, EmulatedVersionSet set)
    {
        w.WriteStartObject();
        w.WriteString("id", set.Id);
        w.WriteString("name", set.Name);
        w.WriteString("issuanceDate", set.IssuanceDate.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture));
        WriteCollectionRef(w, set.Collection);
        WriteBy(w, "created", set.CreatedAt, set.CreatedBy);
        WriteBy(w, "updated", set.UpdatedAt, set.UpdatedBy);
        w.WriteEndObject();
    }

    public static void WriteSheet(Utf8JsonWriter w, EmulatedSheet sheet)
    {
        w.WriteStartObject();
        w.WriteString("id", sheet.Id);
        w.WriteString("number", sheet.Number);
        w.WriteString("title", sheet.Title);
        w.WriteStartArray("tags");
        foreach (var tag in sheet.Tags)
        {
            w.WriteStringValue(tag);
        }

        w.WriteEndArray();
        w.WriteBoolean("isCurrent", sheet.IsCurrent);
        w.WriteString("paperSize", sheet.PaperSize);
        w.WriteStartObject("versionSet");
        w.WriteString("id", sheet.VersionSet.Id);
        w.WriteString("name", sheet.VersionSet.Name);
        w.WriteString("issuanceDate", sheet.VersionSet.IssuanceDate.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture));
        w.WriteEndObject();
        WriteCollectionRef(w, sheet.VersionSet.Collection);
        w.WriteStartObject("viewable");
        w.WriteString("urn", sheet.ViewableUrn);
        w.WriteString("guid", sheet.ViewableGuid);
        w.WriteEndObject();
        w.WriteString("uploadId", sheet.UploadId);
        w.WriteString("uploadFileName", sheet.UploadFileName);
        WriteBy(w, "created", sheet.CreatedAt, sheet.CreatedBy);
        WriteBy(w, "updated", sheet.UpdatedAt, sheet.UpdatedBy);
        w.WriteBoolean("deleted", sheet.Deleted);
        if (sheet is { DeletedAt: { } deletedAt, DeletedBy: { } deletedBy })
        {
            WriteBy(w, "deleted", deletedAt, deletedBy);
        }

        w.WriteEndObject();
    }

    /// <summary><c>{"id","status"}</c>, with <c>result.output.signedUrl</c> once successful.</summary>
    public static void WriteExport(Utf8JsonWriter w, SheetExportJob job, string? signedUrl)
    {
        w.WriteString("id", job.Id);
        w.WriteString("status", signedUrl is null ? "processing" : "successful");
        if (signedUrl is not null)
        {
            w.WriteStartObject("result");
            w.WriteStartObject("output");
            w.WriteString("signedUrl", signedUrl);
            w.WriteEndObject();
            w.WriteEndObject();
        }
    }

    public static string Time(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", System.Globalization.CultureInfo.InvariantCulture);

    private static void WriteCollectionRef(Utf8JsonWriter w, EmulatedSheetCollection? collection)
    {
        if (collection is null)
        {
            w.WriteNull("collection");
            return;
        }

        w.WriteStartObject("collection");
        w.WriteString("id", collection.Id);
        w.WriteString("name", collection.Name);
        w.WriteEndObject();
    }

    private static void WriteBy(Utf8JsonWriter w, string what, DateTimeOffset at, SheetUser by)
    {
        w.WriteString(what + "At", Time(at));
        w.WriteString(what + "By", by.Id);
        w.WriteString(what + "ByName", by.Name);
    }
}
