using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Manifest;
using AccBackup.Modules.Rfis;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Rfis;

/// <summary>The part of a run's file backup the RFI tests need: the Docs file versions a snapshot references, stored by the real
/// <see cref="BlobCopier"/> from the emulator's OSS as the file backup stores them, and their manifest entries by version id.</summary>
internal static class RfiFileBackup
{
    public static async Task<Dictionary<string, ManifestEntry>> StoreReferencedAsync(ModulesHost host, RfiSnapshot snapshot)
    {
        var referenced = snapshot.Rfis.SelectMany(r => r.Attachments).Where(a => a.IsReferenced).Select(a => a.ReferencedVersion!).ToHashSet(StringComparer.Ordinal);
        var files = (await host.Emulator.Truth.GetFilesAsync()).Where(f => referenced.Contains(f.VersionId)).ToList();
        Assert.Equal(referenced.Count, files.Count);
        var copier = host.Services.GetRequiredService<BlobCopier>();
        var stored = new Dictionary<string, ManifestEntry>(StringComparer.Ordinal);
        foreach (var file in files)
        {
            var request = new FileCopyRequest(snapshot.ProjectId, file.ItemId, file.VersionId, file.VersionNumber, file.StorageSize,
                OssObject.TryParse(file.StorageId!)!, $"file-backup/{Guid.NewGuid():N}.bin", file.Path, null);
            var result = await copier.CopyAsync(request, CancellationToken.None);
            stored[file.VersionId] = new ManifestEntry(snapshot.ProjectId, file.ProjectName, file.Path, file.ItemId, file.VersionId, file.VersionNumber,
                file.StorageSize, result.StoredBytes, result.Sha256, result.Request.BlobName, ManifestStatus.Copied, null);
        }

        return stored;
    }
}
