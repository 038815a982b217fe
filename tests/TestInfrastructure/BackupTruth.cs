using System.Security.Cryptography;
using AccBackup.Manifest;
using AccBackup.Storage;
using AccEmulator.Control;
using Xunit;

namespace AccBackup.Testing;

/// <summary>The one check of a finished backup against the emulator's truth, for every driver (in-process, Durable, CLI).</summary>
public static class BackupTruth
{
    /// <summary>Asserts that <paramref name="entries"/> list every truth file at its version: without content as such, with
    /// content as copied, its blob read back from <paramref name="container"/> and hashed here equal to the served bytes.</summary>
    public static async Task AssertEveryFileStoredAsync(
        IReadOnlyList<TruthFile> truth, IEnumerable<ManifestEntry> entries, BlobContainer container, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(truth);
        ArgumentNullException.ThrowIfNull(container);
        var byItem = entries.ToDictionary(e => e.ItemId, StringComparer.Ordinal);
        foreach (var file in truth)
        {
            Assert.True(byItem.TryGetValue(file.ItemId, out var entry), $"{file.Path}: not in the manifest");
            Assert.Equal(file.VersionId, entry.VersionId);
            if (!file.HasStorage)
            {
                Assert.Equal(ManifestStatus.NoContent, entry.Status);
                continue;
            }

            Assert.Equal(ManifestStatus.Copied, entry.Status);
            Assert.Equal(file.Sha256, entry.Sha256);
            var stored = await container.OpenReadAsync(entry.BlobName!, null, null, cancellationToken).ConfigureAwait(false);
            await using (stored.ConfigureAwait(false))
            {
                var sha256 = Convert.ToHexStringLower(await SHA256.HashDataAsync(stored, cancellationToken).ConfigureAwait(false));
                Assert.True(file.Sha256 == sha256, $"{file.Path}: stored bytes differ from the served ones");
            }
        }
    }
}
