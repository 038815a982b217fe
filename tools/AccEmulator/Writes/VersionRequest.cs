namespace AccEmulator.Writes;

/// <summary>A <c>POST …/versions</c> as parsed: a new upload, a copy (<c>?copyFrom=</c>) or a delete (the Deleted extension type).</summary>
/// <param name="ItemId">relationships.item; optional with copyFrom (the source's item is meant).</param>
/// <param name="Name">attributes.name: the file name from this version on.</param>
/// <param name="StorageId">relationships.storage, <c>urn:adsk.objects:os.object:{bucket}/{objectKey}</c>.</param>
/// <param name="ExtensionType">attributes.extension.type, e.g. <c>versions:autodesk.core:Deleted</c>.</param>
/// <param name="CopyFrom">The version id to copy, from the query.</param>
internal sealed record VersionRequest(string? ItemId, string? Name, string? StorageId, string? ExtensionType, string? CopyFrom);
