using System.Text.Json;
using AccEmulator.Accounts;

namespace AccEmulator.Endpoints.JsonApi;

/// <summary>Serializes folders, items and versions in the Data Management API's JSON:API shapes.</summary>
internal static class DataResources
{
    private const string UserId = "EMU7K2LGZRDA";
    private const string UserName = "Emulator Admin";

    public static void WriteFolder(Utf8JsonWriter w, EmulatedFolder folder, ApiLinks links)
    {
        w.WriteStartObject();
        w.WriteString("type", "folders");
        w.WriteString("id", folder.Id);
        w.WriteStartObject("attributes");
        // The root's stored name is ACC's "{projectGuid}-root-folder".
        w.WriteString("name", folder.Name);
        w.WriteString("displayName", folder.Name);
        WriteAudit(w, folder.CreateTime, folder.LastModifiedTime);
        w.WriteTime("lastModifiedTimeRollup", folder.LastModifiedTimeRollup);
        w.WriteNumber("objectCount", folder.Folders.Count(f => !f.Hidden) + folder.Items.Count(i => !i.Hidden));
        w.WriteBoolean("hidden", folder.Hidden);
        WriteExtensionStart(w, ExtensionTypes.Folder, links);
        WriteFolderTypes(w, folder);
        w.WriteEndObject();
        w.WriteEndObject();
        w.WriteEndObject();

        WriteLinks(w, links.Folder(folder), ApiLinks.WebView(folder.Project, folder.Id));
        DataRelationships.WriteFolder(w, folder, links);
        w.WriteEndObject();
    }

    public static void WriteItem(Utf8JsonWriter w, EmulatedItem item, ApiLinks links)
    {
        w.WriteStartObject();
        w.WriteString("type", "items");
        w.WriteString("id", item.Id);
        w.WriteStartObject("attributes");
        w.WriteString("displayName", item.DisplayName);
        WriteAudit(w, item.CreateTime, item.LastModifiedTime);
        w.WriteBoolean("hidden", item.Hidden);
        w.WriteBoolean("reserved", item.Reservation is not null);
        if (item.Reservation is { } reservation)
        {
            w.WriteTime("reservedTime", reservation.Time);
            w.WriteString("reservedUserId", reservation.UserId);
            w.WriteString("reservedUserName", reservation.UserName);
        }

        WriteExtensionStart(w, ExtensionTypes.Item(item.Kind), links);
        w.WriteString("sourceFileName", item.Versions[0].Name);
        w.WriteEndObject();
        w.WriteEndObject();
        w.WriteEndObject();

        WriteLinks(w, links.Item(item), ApiLinks.WebView(item.Parent.Project, item.Parent.Id, item.Id));
        DataRelationships.WriteItem(w, item, links);
        w.WriteEndObject();
    }

    /// <summary>Plans documents and deleted tips carry no storage, no storageSize and no fileType; with
    /// <paramref name="omitSizes"/> no version does (<see cref="EmulatorOptions.OmitStorageSize"/>).</summary>
    public static void WriteVersion(Utf8JsonWriter w, EmulatedVersion version, ApiLinks links, bool omitSizes)
    {
        w.WriteStartObject();
        w.WriteString("type", "versions");
        w.WriteString("id", version.Id);
        w.WriteStartObject("attributes");
        w.WriteString("name", version.Name);
        w.WriteString("displayName", version.Name);
        WriteAudit(w, version.CreateTime, version.LastModifiedTime);
        w.WriteNumber("versionNumber", version.Number);
        // Kept on purpose: every version example of the APS reference (datamanagement.yaml) carries mimeType.
        if (version.MimeType is { } mime)
        {
            w.WriteString("mimeType", mime);
        }

        if (version.FileType is { } fileType && !omitSizes)
        {
            w.WriteString("fileType", fileType);
        }

        if (version.StorageSize is { } size && !omitSizes)
        {
            w.WriteNumber("storageSize", size);
        }

        WriteExtensionStart(w, version.ExtensionType, links);
        if (version.OriginalName is { } originalName)
        {
            w.WriteString("originalName", originalName);
        }

        w.WriteString("processState", "PROCESSING_COMPLETE");
        w.WriteString("extractionState", "SUCCESS");
        // Kept on purpose: the reference's item-versions and tip examples carry both; clients must treat them as optional.
        w.WriteString("splittingState", "NOT_SPLIT");
        w.WriteString("reviewState", "NOT_IN_REVIEW");
        w.WriteString("revisionDisplayLabel", version.Number.ToString(System.Globalization.CultureInfo.InvariantCulture));
        w.WriteString("sourceFileName", version.Name);
        w.WriteString("conformingStatus", "NONE");
        w.WriteEndObject();
        w.WriteEndObject();
        w.WriteEndObject();

        WriteLinks(w, links.Version(version), ApiLinks.WebView(version.Item.Parent.Project, version.Item.Parent.Id, version.Id));
        DataRelationships.WriteVersion(w, version, links);
        w.WriteEndObject();
    }

    /// <summary>
    /// The folder's <c>extension.data</c> as recorded ACC folders carry it: the root holds folders only and has no
    /// <c>visibleTypes</c> and no actions; Plans folders show documents and split, OCR and convert what is uploaded;
    /// other folders show files and convert them.
    /// </summary>
    private static void WriteFolderTypes(Utf8JsonWriter w, EmulatedFolder folder)
    {
        var isPlans = folder.PathSegments is ["Plans", ..];
        if (!folder.IsRoot)
        {
            WriteStrings(w, "visibleTypes", isPlans ? ExtensionTypes.Item(ItemKind.Document) : ExtensionTypes.Item(ItemKind.File));
        }

        WriteStrings(w, "actions", folder.IsRoot ? [] : isPlans ? ["CONVERT", "SPLIT", "OCR"] : ["CONVERT"]);
        WriteStrings(w, "allowedTypes", folder.IsRoot ? [ExtensionTypes.Folder]
            : isPlans ? [ExtensionTypes.Folder, ExtensionTypes.Item(ItemKind.File), ExtensionTypes.Item(ItemKind.Document), ExtensionTypes.TitleBlock]
            : [ExtensionTypes.Folder, ExtensionTypes.Item(ItemKind.File)]);
        WriteStrings(w, "namingStandardIds");
    }

    private static void WriteStrings(Utf8JsonWriter w, string name, params ReadOnlySpan<string> values)
    {
        w.WriteStartArray(name);
        foreach (var value in values)
        {
            w.WriteStringValue(value);
        }

        w.WriteEndArray();
    }

    private static void WriteAudit(Utf8JsonWriter w, DateTimeOffset created, DateTimeOffset modified)
    {
        w.WriteTime("createTime", created);
        w.WriteString("createUserId", UserId);
        w.WriteString("createUserName", UserName);
        w.WriteTime("lastModifiedTime", modified);
        w.WriteString("lastModifiedUserId", UserId);
        w.WriteString("lastModifiedUserName", UserName);
    }

    /// <summary>Opens <c>"extension":{…,"data":{</c>; the caller writes the data members and closes both objects.</summary>
    private static void WriteExtensionStart(Utf8JsonWriter w, string type, ApiLinks links)
    {
        w.WriteStartObject("extension");
        w.WriteString("type", type);
        w.WriteString("version", "1.0");
        w.WriteHref("schema", links.Schema(type));
        w.WriteStartObject("data");
    }

    private static void WriteLinks(Utf8JsonWriter w, string self, string webView)
    {
        w.WriteStartObject("links");
        w.WriteHref("self", self);
        w.WriteHref("webView", webView);
        w.WriteEndObject();
    }
}
