using System.Security.Cryptography;

namespace AccBackup.Backup.Copying;

/// <summary>Hashes a file's bytes in order as they stream through: SHA-256 always, SHA-1 to check APS's promise.</summary>
internal sealed class ContentHashes : IDisposable
{
    private readonly IncrementalHash sha256 = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);

    // SHA-1 only because APS states object hashes in SHA-1; it is compared, never trusted for security.
#pragma warning disable CA5350
    private readonly IncrementalHash sha1 = IncrementalHash.CreateHash(HashAlgorithmName.SHA1);
#pragma warning restore CA5350
    private string? sha256Hex;
    private bool sha1Matched;

    /// <summary>Lower-case hex SHA-256 of everything appended.</summary>
    public string Sha256Hex => sha256Hex ??= Convert.ToHexStringLower(sha256.GetHashAndReset());

    /// <summary>What <see cref="Verify"/> checked, in <see cref="CopyMethods"/>' words.</summary>
    public string Verification => sha1Matched ? CopyMethods.Sha256AndApsSha1 : CopyMethods.Sha256;

    /// <summary>Adds the next bytes of the file.</summary>
    public void Append(ReadOnlySpan<byte> bytes)
    {
        sha256.AppendData(bytes);
        sha1.AppendData(bytes);
    }

    /// <summary>Throws <see cref="FileIntegrityException"/> when the bytes disagree with what APS promised.</summary>
    /// <param name="promised">APS's signeds3download answer.</param>
    /// <param name="length">The bytes the download had.</param>
    /// <param name="sizeIsPromise">False when the signed size is the file's size reference (the listing stated none): a
    /// different length is then a size mismatch to report, like one with the listing's size, not a failed copy.</param>
    public void Verify(Acc.SignedDownload? promised, long length, bool sizeIsPromise = true)
    {
        if (sizeIsPromise && promised?.Size is { } size && size != length)
        {
            throw new FileIntegrityException($"APS promised {size} bytes, the download had {length}");
        }

        var actual = Convert.ToHexStringLower(sha1.GetHashAndReset());
        if (promised?.Sha1 is { } expected && !string.Equals(expected, actual, StringComparison.Ordinal))
        {
            throw new FileIntegrityException($"SHA-1 differs from APS's ({actual} vs {expected}): corrupted on transfer");
        }

        sha1Matched = promised?.Sha1 is not null;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        sha256.Dispose();
        sha1.Dispose();
    }
}
