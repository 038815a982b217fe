using System.Text.Json;
using AccBackup.Storage;

namespace AccBackup.Manifest.Serialization;

/// <summary>Reads only a manifest's summary: the writer puts it first, so the first bytes hold it and the per-file entries are never downloaded.</summary>
public sealed class ManifestHeadReader(BlobContainer container, ManifestReader reader)
{
    /// <summary>Bytes read from the start of a manifest; a summary with a longer mismatch list falls back to reading the whole manifest.</summary>
    public const int HeadBytes = 256 * 1024;

    /// <summary>The summary of <paramref name="runId"/>'s manifest stored at <paramref name="manifestBlob"/>.</summary>
    public async Task<ManifestSummary> ReadSummaryAsync(string runId, string manifestBlob, long manifestLength, CancellationToken cancellationToken)
    {
        var length = (int)Math.Min(manifestLength, HeadBytes);
        if (length > 0)
        {
            var head = new byte[length];
            var stream = await container.OpenReadAsync(manifestBlob, 0, length, cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                await stream.ReadExactlyAsync(head, cancellationToken).ConfigureAwait(false);
            }

            if (TryReadSummary(head, isFinalBlock: length == manifestLength) is { } summary)
            {
                return summary;
            }
        }

        return (await reader.ReadAsync(runId, cancellationToken).ConfigureAwait(false)).Summary;
    }

    /// <summary>The "summary" property of a manifest's first bytes, or null when those bytes do not hold all of it.</summary>
    internal static ManifestSummary? TryReadSummary(ReadOnlySpan<byte> head, bool isFinalBlock)
    {
        var json = new Utf8JsonReader(head, isFinalBlock, default);
        if (!json.Read() || json.TokenType != JsonTokenType.StartObject)
        {
            throw new InvalidDataException("The manifest is not a JSON object.");
        }

        while (json.Read() && json.TokenType == JsonTokenType.PropertyName)
        {
            var isSummary = json.ValueTextEquals("summary"u8);
            if (!json.Read())
            {
                return null;
            }

            // Skip on a copy first: on a partial buffer TrySkip says whether the whole value is there.
            var start = json;
            if (!json.TrySkip())
            {
                return null;
            }

            if (isSummary)
            {
                return JsonSerializer.Deserialize(ref start, ManifestJsonContext.Default.ManifestSummary)
                    ?? throw new InvalidDataException("The manifest's summary is null.");
            }
        }

        return null;
    }
}
