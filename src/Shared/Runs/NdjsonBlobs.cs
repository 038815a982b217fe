using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using AccBackup.Storage;

namespace AccBackup.Runs;

/// <summary>Small record lists kept as newline-delimited JSON blobs (one record a line).</summary>
public sealed class NdjsonBlobs(BlobContainer container)
{
    /// <summary>Writes (or overwrites) <paramref name="blobName"/> with the records.</summary>
    public async Task WriteAsync<T>(string blobName, IEnumerable<T> records, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        using var buffer = new MemoryStream();
        foreach (var record in records)
        {
            JsonSerializer.Serialize(buffer, record, type);
            buffer.WriteByte((byte)'\n');
        }

        await container.UploadAsync(blobName, buffer.GetBuffer().AsMemory(0, (int)buffer.Length), new BlobWriteOptions { ContentType = "application/x-ndjson" }, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Every record of <paramref name="blobName"/>, or null when the blob does not exist.</summary>
    public async Task<IReadOnlyList<T>?> ReadAsync<T>(string blobName, JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        var stream = await OpenOrNullAsync(blobName, cancellationToken).ConfigureAwait(false);
        if (stream is null)
        {
            return null;
        }

        var records = new List<T>();
        await using (stream.ConfigureAwait(false))
        {
            using var reader = new StreamReader(stream, Encoding.UTF8);
            var number = 0;
            while (await reader.ReadLineAsync(cancellationToken).ConfigureAwait(false) is { } line)
            {
                number++;
                if (line.Length == 0)
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
        }

        return records;
    }

    private async Task<Stream?> OpenOrNullAsync(string blobName, CancellationToken cancellationToken)
    {
        try
        {
            return await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        }
        catch (BlobStorageException e) when (e.ErrorCode == BlobErrorCodes.BlobNotFound)
        {
            return null;
        }
    }
}
