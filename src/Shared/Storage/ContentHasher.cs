using System.Buffers;
using System.Security.Cryptography;

namespace AccBackup.Storage;

/// <summary>Reads a stored blob's bytes once, hashing them with SHA-256 and optionally copying them on.</summary>
public static class ContentHasher
{
    private const int BufferSize = 128 * 1024;

    /// <summary>The length and lower-case hex SHA-256 of <paramref name="source"/>, read to its end; every byte is also written to <paramref name="copyTo"/> when given.</summary>
    public static async Task<StoredContent> HashAsync(Stream source, Stream? copyTo, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);
        using var sha256 = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var buffer = ArrayPool<byte>.Shared.Rent(BufferSize);
        try
        {
            long length = 0;
            int read;
            while ((read = await source.ReadAsync(buffer.AsMemory(0, BufferSize), cancellationToken).ConfigureAwait(false)) > 0)
            {
                sha256.AppendData(buffer, 0, read);
                if (copyTo is not null)
                {
                    await copyTo.WriteAsync(buffer.AsMemory(0, read), cancellationToken).ConfigureAwait(false);
                }

                length += read;
            }

            return new StoredContent(length, Convert.ToHexStringLower(sha256.GetHashAndReset()));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
