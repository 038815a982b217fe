using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.IO;

namespace AccBackup.Runs.State;

/// <summary>Small record lists kept as newline-delimited JSON blobs (one record a line), in the state container: a run's
/// working records are rewritten when an activity runs again.</summary>
public sealed class NdjsonBlobs([FromKeyedServices(BlobContainer.StateKey)] BlobContainer container)
{
    // Names and paths are written as they are (UTF-8), only what JSON requires escaped: these blobs are never embedded in
    // HTML, and escaping every non-ASCII character of an ACC path was most of the cost of writing a run's records.
    private static readonly JsonWriterOptions Lines = new() { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    // A blob's bytes are held whole while written or parsed: pooled, not a MemoryStream or ArrayBufferWriter per blob,
    // whose arrays (a few MiB for a chunk of carried files) would each be large-object garbage until a gen-2 GC — most of
    // a no-change night's peak memory. What stays pooled when idle is bounded.
    private readonly RecyclableMemoryStreamManager buffers = new(new RecyclableMemoryStreamManager.Options
    {
        MaximumSmallPoolFreeBytes = 16L << 20,
        MaximumLargePoolFreeBytes = 32L << 20,
    });

    /// <summary>Writes (or overwrites) <paramref name="blobName"/> with the records.</summary>
    public async Task WriteAsync<T>(string blobName, IEnumerable<T> records, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        using var buffer = buffers.GetStream(blobName);
        using (var json = new Utf8JsonWriter((IBufferWriter<byte>)buffer, Lines))
        {
            foreach (var record in records)
            {
                // One writer for every line: it is reset after each record, so each line is a JSON document of its own.
                JsonSerializer.Serialize(json, record, type);
                json.Flush();
                buffer.WriteByte((byte)'\n');
                json.Reset();
            }
        }

        var content = buffer.GetBuffer().AsMemory(0, (int)buffer.Length);
        await container.UploadAsync(blobName, content, new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = "application/x-ndjson" } }, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Every record of <paramref name="blobName"/>, or null when the blob does not exist.</summary>
    public async Task<IReadOnlyList<T>?> ReadAsync<T>(string blobName, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        var stream = await OpenOrNullAsync(blobName, cancellationToken).ConfigureAwait(false);
        if (stream is null)
        {
            return null;
        }

        using var content = buffers.GetStream(blobName);
        await using (stream.ConfigureAwait(false))
        {
            await stream.CopyToAsync(content, cancellationToken).ConfigureAwait(false);
        }

        return Parse(blobName, content.GetBuffer().AsSpan(0, (int)content.Length), type);
    }

    /// <summary>The records of each of <paramref name="blobNames"/> (null for a blob that does not exist), in their order,
    /// the next few read while the caller handles one.</summary>
    public IAsyncEnumerable<IReadOnlyList<T>?> ReadEachAsync<T>(IReadOnlyList<string> blobNames, JsonTypeInfo<T> type, CancellationToken cancellationToken) =>
        ReadAhead.InOrderAsync(blobNames, (name, ct) => ReadAsync(name, type, ct), ReadAhead.DefaultWindow, cancellationToken);

    // Each line is parsed from its UTF-8 bytes: no string per line.
    private static List<T> Parse<T>(string blobName, ReadOnlySpan<byte> content, JsonTypeInfo<T> type)
    {
        var records = new List<T>();
        var number = 0;
        while (!content.IsEmpty)
        {
            number++;
            var end = content.IndexOf((byte)'\n');
            var line = (end < 0 ? content : content[..end]).TrimEnd((byte)'\r');
            content = end < 0 ? [] : content[(end + 1)..];
            if (line.IsEmpty)
            {
                continue;
            }

            try
            {
                records.Add(JsonSerializer.Deserialize(line, type) ?? throw new JsonException("null record"));
            }
            catch (JsonException e)
            {
                throw new InvalidDataException($"{blobName} line {number} is not a valid record: {e.Message}", e);
            }
        }

        return records;
    }

    private async Task<Stream?> OpenOrNullAsync(string blobName, CancellationToken cancellationToken)
    {
        try
        {
            return await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobNotFound)
        {
            return null;
        }
    }
}
