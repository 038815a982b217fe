namespace AccEmulator.Tests.Endpoints.Shapes;

/// <summary>
/// The shapes of APS Data Management resources, written by us from the APS reference (aps-sdk-openapi
/// datamanagement.yaml: schemas and examples) and recorded ACC responses: what is always there (<c>path: Kind</c>),
/// only sometimes (<c>?path: Kind</c>) and never (<c>!path</c>). See <see cref="JsonShape"/> for the grammar.
/// </summary>
internal static class ApsShapes
{
    /// <summary>Every JSON:API document: no <c>first</c>/<c>prev</c> links (recorded responses never carry them).</summary>
    public static readonly string[] Document = ["jsonapi.version: String", "links.self.href: String", "!links.first", "!links.prev", "!errors"];

    /// <summary>A collection: <c>next</c> only while there is a next page.</summary>
    public static readonly string[] Collection = [.. Document, "?links.next.href: String", "data: Array"];

    /// <summary>A JSON:API error body, as Data Management writes it for 4xx answers.</summary>
    public static readonly string[] Error = [
        "jsonapi.version: String", "errors[*].id: String", "errors[*].status: String", "errors[*].code: String",
        "errors[*].detail: String", "!data", "!links"];

    private static readonly string[] Audit = [
        "attributes.createTime: String", "attributes.createUserId: String", "attributes.createUserName: String",
        "attributes.lastModifiedTime: String", "attributes.lastModifiedUserId: String", "attributes.lastModifiedUserName: String"];

    private static readonly string[] Extension = [
        "attributes.extension.type: String", "attributes.extension.version: String", "attributes.extension.schema.href: String",
        "attributes.extension.data: Object"];

    private static readonly string[] RefsAndLinks = [
        "relationships.refs.links.self.href: String", "relationships.refs.links.related.href: String",
        "relationships.links.links.self.href: String"];

    private static readonly string[] Containers = [
        .. new[] { "issues", "submittals", "rfis", "markups", "checklists", "cost", "locations" }.SelectMany(name => new[]
        {
            $"relationships.{name}.data.type: String", $"relationships.{name}.data.id: String", $"relationships.{name}.meta.link.href: String",
        })];

    public static string[] Hub(string at) => Prefixed(at,
        "type: String", "id: String", "attributes.name: String", "attributes.region: String",
        "attributes.extension.type: String", "links.self.href: String", "relationships.projects.links.related.href: String");

    public static string[] Project(string at) => Prefixed(at, [
        "type: String", "id: String", "attributes.name: String", "attributes.scopes: Array",
        "attributes.extension.type: String", "attributes.extension.data.projectType: String",
        "links.self.href: String", "links.webView.href: String",
        "relationships.hub.data.type: String", "relationships.hub.data.id: String", "relationships.hub.links.related.href: String",
        "relationships.rootFolder.data.type: String", "relationships.rootFolder.data.id: String",
        "relationships.rootFolder.meta.link.href: String", "relationships.topFolders.links.related.href: String",
        .. Containers]);

    /// <summary>Any folder: never a <c>path</c>; <c>visibleTypes</c> on every folder but a project's root.</summary>
    public static string[] Folder(string at) => Prefixed(at, [
        "type: String", "id: String", "attributes.name: String", "attributes.displayName: String", .. Audit,
        "attributes.lastModifiedTimeRollup: String", "attributes.objectCount: Number", "attributes.hidden: Boolean", .. Extension,
        "attributes.extension.data.allowedTypes: Array", "attributes.extension.data.actions: Array",
        "attributes.extension.data.namingStandardIds: Array", "?attributes.extension.data.visibleTypes: Array", "!attributes.path",
        "links.self.href: String", "links.webView.href: String",
        "relationships.contents.links.related.href: String",
        "relationships.parent.data.type: String", "relationships.parent.data.id: String", "relationships.parent.links.related.href: String",
        .. RefsAndLinks]);

    /// <summary>A folder below the root (top folders and their sub-folders): <c>visibleTypes</c> always.</summary>
    public static string[] SubFolder(string at) => [.. Folder(at), .. Prefixed(at, "attributes.extension.data.visibleTypes: Array")];

    /// <summary>An item: the <c>reserved…</c> details only on reserved files.</summary>
    public static string[] Item(string at) => Prefixed(at, [
        "type: String", "id: String", "attributes.displayName: String", .. Audit,
        "attributes.hidden: Boolean", "attributes.reserved: Boolean", "?attributes.reservedTime: String",
        "?attributes.reservedUserId: String", "?attributes.reservedUserName: String", .. Extension,
        "links.self.href: String", "links.webView.href: String",
        "relationships.tip.data.type: String", "relationships.tip.data.id: String", "relationships.tip.links.related.href: String",
        "relationships.versions.links.related.href: String",
        "relationships.parent.data.type: String", "relationships.parent.data.id: String", "relationships.parent.links.related.href: String",
        .. RefsAndLinks]);

    /// <summary>A version with a file: storageSize, fileType and the storage relationship as well.</summary>
    public static string[] Version(string at) => Prefixed(at, [
        "type: String", "id: String", "attributes.name: String", "attributes.displayName: String", .. Audit,
        "attributes.versionNumber: Number", "attributes.storageSize: Number", "attributes.fileType: String", "?attributes.mimeType: String",
        .. Extension, "attributes.extension.data.conformingStatus: String",
        "?attributes.extension.data.splittingState: String", "?attributes.extension.data.reviewState: String",
        "links.self.href: String", "links.webView.href: String",
        "relationships.item.data.type: String", "relationships.item.data.id: String", "relationships.item.links.related.href: String",
        .. RefsAndLinks, "relationships.downloadFormats.links.related.href: String",
        "relationships.derivatives.data.type: String", "relationships.derivatives.data.id: String",
        "relationships.derivatives.meta.link.href: String",
        "relationships.thumbnails.data.type: String", "relationships.thumbnails.data.id: String",
        "relationships.thumbnails.meta.link.href: String",
        "relationships.storage.data.type: String", "relationships.storage.data.id: String",
        "relationships.storage.meta.link.href: String"]);

    public static string[] Concat(params string[][] shapes) => [.. shapes.SelectMany(s => s)];

    private static string[] Prefixed(string at, params string[] lines) =>
        [.. lines.Select(l => l[0] is '?' or '!' ? l[0] + at + "." + l[1..] : at + "." + l)];
}
