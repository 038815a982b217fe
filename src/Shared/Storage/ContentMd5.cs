using System.Security.Cryptography;

namespace AccBackup.Storage;

/// <summary>The Blob service's per-request integrity check (Content-MD5): not a security measure.</summary>
internal static class ContentMd5
{
    /// <summary>MD5 of <paramref name="content"/>.</summary>
#pragma warning disable CA5351 // Content-MD5 is what the protocol verifies; nothing here relies on MD5 for security.
    public static byte[] Of(ReadOnlySpan<byte> content) => MD5.HashData(content);
#pragma warning restore CA5351
}
