namespace AccEmulator.Accounts;

/// <summary>One version of an item. Plans documents and deleted tips have no storage and no size.</summary>
internal sealed class EmulatedVersion(EmulatedItem item, int number, string name, DateTimeOffset time, string extensionType)
{
    public EmulatedItem Item { get; } = item;

    public int Number { get; } = number;

    /// <summary>The version id: <c>urn:adsk.wipprod:fs.file:vf.X?version=N</c>.</summary>
    public string Id => $"urn:adsk.wipprod:fs.file:vf.{Item.LineageToken}?version={Number}";

    /// <summary>The Model Derivative urn APS gives a version: its id in unpadded base64url.</summary>
    public string DerivativesUrn => Convert.ToBase64String(System.Text.Encoding.UTF8.GetBytes(Id))
        .TrimEnd('=').Replace('+', '-').Replace('/', '_');

    public string Name { get; } = name;

    public DateTimeOffset CreateTime { get; } = time;

    public DateTimeOffset LastModifiedTime { get; } = time;

    public string ExtensionType { get; } = extensionType;

    public StorageObject? Storage { get; init; }

    /// <summary>The size the API reports; usually <see cref="StorageObject.Length"/>, different for "drift" files.</summary>
    public long? StorageSize { get; init; }

    public string? FileType { get; init; }

    public string? MimeType { get; init; }

    /// <summary>A Deleted version's <c>extension.data.originalName</c>: the file's name when it was deleted.</summary>
    public string? OriginalName { get; init; }
}
