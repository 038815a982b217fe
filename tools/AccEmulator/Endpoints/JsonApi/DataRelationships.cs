using System.Text.Json;
using AccEmulator.Accounts;

namespace AccEmulator.Endpoints.JsonApi;

/// <summary>
/// Writes the <c>relationships</c> of folders, items and versions in the members and order recorded ACC responses use
/// (stewartcelani/autodesk-construction-cloud-backup's test fixtures; APS's tip example in the ACC takeoff tutorial).
/// </summary>
internal static class DataRelationships
{
    /// <summary>contents, parent, refs, links; the root's parent is ACC's hidden folder above it.</summary>
    public static void WriteFolder(Utf8JsonWriter w, EmulatedFolder folder, ApiLinks links)
    {
        var self = links.Folder(folder);
        w.WriteStartObject("relationships");
        w.WriteRelatedLink("contents", links.FolderContents(folder));
        w.WriteRelationship("parent", "folders", folder.Parent?.Id ?? folder.Project.RootParentId, self + "/parent");
        WriteRefsAndLinks(w, self);
        w.WriteEndObject();
    }

    /// <summary>tip, versions, parent, refs, links.</summary>
    public static void WriteItem(Utf8JsonWriter w, EmulatedItem item, ApiLinks links)
    {
        var self = links.Item(item);
        w.WriteStartObject("relationships");
        w.WriteRelationship("tip", "versions", item.Tip.Id, self + "/tip");
        w.WriteRelatedLink("versions", self + "/versions");
        w.WriteRelationship("parent", "folders", item.Parent.Id, self + "/parent");
        WriteRefsAndLinks(w, self);
        w.WriteEndObject();
    }

    /// <summary>item, links, refs, downloadFormats, derivatives, thumbnails, and storage when the version has a file.</summary>
    public static void WriteVersion(Utf8JsonWriter w, EmulatedVersion version, ApiLinks links)
    {
        var self = links.Version(version);
        var project = version.Item.Parent.Project;
        w.WriteStartObject("relationships");
        w.WriteRelationship("item", "items", version.Item.Id, self + "/item");
        WriteLinks(w, self);
        WriteRefs(w, self);
        w.WriteRelatedLink("downloadFormats", self + "/downloadFormats");
        WriteMetaLinked(w, "derivatives", "derivatives", version.DerivativesUrn, links.Derivative(version.DerivativesUrn, "manifest", project));
        WriteMetaLinked(w, "thumbnails", "thumbnails", version.DerivativesUrn, links.Derivative(version.DerivativesUrn, "thumbnail", project));
        if (version.Storage is { } storage)
        {
            WriteMetaLinked(w, "storage", "objects", storage.StorageId, links.Storage(storage, project));
        }

        w.WriteEndObject();
    }

    private static void WriteRefsAndLinks(Utf8JsonWriter w, string self)
    {
        WriteRefs(w, self);
        WriteLinks(w, self);
    }

    /// <summary><c>"refs":{"links":{"self":{…/relationships/refs},"related":{…/refs}}}</c>.</summary>
    private static void WriteRefs(Utf8JsonWriter w, string self)
    {
        w.WriteStartObject("refs");
        w.WriteStartObject("links");
        w.WriteHref("self", self + "/relationships/refs");
        w.WriteHref("related", self + "/refs");
        w.WriteEndObject();
        w.WriteEndObject();
    }

    /// <summary><c>"links":{"links":{"self":{…/relationships/links}}}</c>.</summary>
    private static void WriteLinks(Utf8JsonWriter w, string self)
    {
        w.WriteStartObject("links");
        w.WriteStartObject("links");
        w.WriteHref("self", self + "/relationships/links");
        w.WriteEndObject();
        w.WriteEndObject();
    }

    /// <summary><c>"name":{"data":{"type","id"},"meta":{"link":{"href"}}}</c>: a resource that lives in another API.</summary>
    private static void WriteMetaLinked(Utf8JsonWriter w, string name, string type, string id, string href)
    {
        w.WriteStartObject(name);
        w.WriteStartObject("data");
        w.WriteString("type", type);
        w.WriteString("id", id);
        w.WriteEndObject();
        w.WriteStartObject("meta");
        w.WriteHref("link", href);
        w.WriteEndObject();
        w.WriteEndObject();
    }
}
