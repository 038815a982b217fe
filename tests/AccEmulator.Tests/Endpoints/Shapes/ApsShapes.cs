namespace AccEmulator.Tests.Endpoints.Shapes;

/// <summary>
/// The members every client may rely on, as recorded real ACC responses carry them
/// (stewartcelani/autodesk-construction-cloud-backup ApiClient.UnitTests/ExampleRestApiResponses, APS's documented
/// examples in aps-sdk-openapi datamanagement.yaml and the ACC takeoff tutorial's tip response).
/// </summary>
internal static class ApsShapes
{
    public static readonly string[] Document = ["jsonapi.version: String", "links.self.href: String"];

    public static string[] Folder(string at) => Prefixed(at,
        "type: String", "id: String",
        "attributes.name: String", "attributes.displayName: String",
        "attributes.createTime: String", "attributes.lastModifiedTime: String", "attributes.lastModifiedTimeRollup: String",
        "attributes.objectCount: Number", "attributes.hidden: False",
        "attributes.extension.type: String", "attributes.extension.version: String", "attributes.extension.schema.href: String",
        "attributes.extension.data.allowedTypes: Array", "attributes.extension.data.visibleTypes: Array",
        "links.self.href: String", "links.webView.href: String",
        "relationships.contents.links.related.href: String",
        "relationships.parent.data.type: String", "relationships.parent.data.id: String",
        "relationships.parent.links.related.href: String",
        "relationships.refs.links.self.href: String", "relationships.refs.links.related.href: String",
        "relationships.links.links.self.href: String");

    public static string[] Item(string at) => Prefixed(at,
        "type: String", "id: String",
        "attributes.displayName: String", "attributes.createTime: String", "attributes.lastModifiedTime: String",
        "attributes.hidden: False", "attributes.reserved: False", "attributes.extension.type: String",
        "links.self.href: String", "links.webView.href: String",
        "relationships.tip.data.type: String", "relationships.tip.data.id: String", "relationships.tip.links.related.href: String",
        "relationships.versions.links.related.href: String",
        "relationships.parent.data.id: String", "relationships.parent.links.related.href: String",
        "relationships.refs.links.self.href: String", "relationships.refs.links.related.href: String",
        "relationships.links.links.self.href: String");

    /// <summary>A version with a file: storageSize, fileType and the storage relationship as well.</summary>
    public static string[] Version(string at) => Prefixed(at,
        "type: String", "id: String",
        "attributes.name: String", "attributes.displayName: String", "attributes.versionNumber: Number",
        "attributes.storageSize: Number", "attributes.fileType: String", "attributes.mimeType: String",
        "attributes.createTime: String", "attributes.lastModifiedTime: String", "attributes.extension.type: String",
        "links.self.href: String", "links.webView.href: String",
        "relationships.item.data.type: String", "relationships.item.data.id: String", "relationships.item.links.related.href: String",
        "relationships.links.links.self.href: String",
        "relationships.refs.links.self.href: String", "relationships.refs.links.related.href: String",
        "relationships.downloadFormats.links.related.href: String",
        "relationships.derivatives.data.type: String", "relationships.derivatives.data.id: String",
        "relationships.derivatives.meta.link.href: String",
        "relationships.thumbnails.data.type: String", "relationships.thumbnails.data.id: String",
        "relationships.thumbnails.meta.link.href: String",
        "relationships.storage.data.type: String", "relationships.storage.data.id: String",
        "relationships.storage.meta.link.href: String");

    public static string[] Concat(params string[][] shapes) => [.. shapes.SelectMany(s => s)];

    private static string[] Prefixed(string at, params string[] lines) => [.. lines.Select(l => at + "." + l)];
}
