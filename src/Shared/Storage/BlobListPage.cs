using System.Globalization;
using System.Xml.Linq;

namespace AccBackup.Storage;

/// <summary>One page of a List Blobs response: the blobs and the marker of the next page, if any.</summary>
internal sealed record BlobListPage(IReadOnlyList<StoredBlob> Blobs, string? NextMarker)
{
    /// <summary>Reads a List Blobs <c>EnumerationResults</c> document.</summary>
    public static async Task<BlobListPage> ReadAsync(Stream body, CancellationToken cancellationToken)
    {
        var root = (await XDocument.LoadAsync(body, LoadOptions.None, cancellationToken).ConfigureAwait(false)).Root
            ?? throw new FormatException("List Blobs returned an empty document.");
        var blobs = root.Element("Blobs")?.Elements("Blob").Select(ReadBlob).ToList() ?? [];
        var nextMarker = root.Element("NextMarker")?.Value;
        return new BlobListPage(blobs, string.IsNullOrEmpty(nextMarker) ? null : nextMarker);
    }

    private static StoredBlob ReadBlob(XElement blob)
    {
        var properties = blob.Element("Properties");
        var md5 = Text(properties, "Content-MD5");
        var lastModified = Text(properties, "Last-Modified");
        return new StoredBlob(
            ReadName(blob.Element("Name")),
            long.Parse(Text(properties, "Content-Length") ?? "0", CultureInfo.InvariantCulture),
            BlobHeaders.NormalizeETag(Text(properties, "Etag") ?? string.Empty),
            lastModified is null ? DateTimeOffset.MinValue : DateTimeOffset.ParseExact(lastModified, "R", CultureInfo.InvariantCulture),
            md5 is null ? null : Convert.FromBase64String(md5),
            Text(properties, "Content-Type"),
            blob.Element("Metadata")?.Elements().ToDictionary(static e => e.Name.LocalName, static e => e.Value, StringComparer.OrdinalIgnoreCase)
                ?? new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase));
    }

    // Names with characters XML cannot carry come percent-encoded, flagged Encoded="true".
    private static string ReadName(XElement? name) =>
        name is null ? throw new FormatException("List Blobs returned a blob without a name.")
        : (string?)name.Attribute("Encoded") == "true" ? Uri.UnescapeDataString(name.Value) : name.Value;

    private static string? Text(XElement? parent, string name) =>
        parent?.Element(name)?.Value is { Length: > 0 } value ? value : null;
}
