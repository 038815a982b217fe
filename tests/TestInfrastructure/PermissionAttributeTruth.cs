using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Modules.Attributes;
using AccBackup.Modules.Permissions;
using AccBackup.Storage;
using Xunit;

namespace AccBackup.Testing;

/// <summary>The check of a night's folder permissions and custom attributes against the emulator's truth (<c>FolderPermissionTruth</c>,
/// <c>AttributeTruth</c>), for every driver (CLI, Durable).</summary>
public static class PermissionAttributeTruth
{
    /// <summary>The night's permission snapshot of a project: one record per folder the listing reaches (hidden ones are not
    /// listed), each subject as the API answers it.</summary>
    public static async Task AssertPermissionsAsync(JsonElement truthProject, BlobContainer container, string runId)
    {
        var snapshot = await PermissionSnapshotReader.ReadAsync(container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        var folders = truthProject.GetProperty("folders").EnumerateArray().Where(f => !f.GetProperty("hidden").GetBoolean())
            .ToDictionary(f => f.GetProperty("folderId").GetString()!, StringComparer.Ordinal);
        Assert.Equal(folders.Keys.Order(StringComparer.Ordinal), snapshot.Folders.Select(f => f.FolderId).Order(StringComparer.Ordinal));
        foreach (var folder in snapshot.Folders)
        {
            var truth = folders[folder.FolderId];
            Assert.Equal(truth.GetProperty("path").GetString(), folder.Path);
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("permissions"), JsonSerializer.SerializeToElement(folder.Permissions)), folder.Path);
        }
    }

    /// <summary>The night's attribute snapshot of a project: each listed folder's definitions, and the record of every version
    /// the night's manifest lists, as the API answers them.</summary>
    public static async Task AssertAttributesAsync(JsonElement truthProject, RunManifest manifest, BlobContainer container, string runId)
    {
        var projectId = truthProject.GetProperty("projectId").GetString()!;
        var snapshot = await AttributeSnapshotReader.ReadAsync(container, runId, projectId, CancellationToken.None);
        Assert.NotNull(snapshot);
        var folders = truthProject.GetProperty("folders").EnumerateArray().Where(f => !f.GetProperty("hidden").GetBoolean())
            .ToDictionary(f => f.GetProperty("folderId").GetString()!, StringComparer.Ordinal);
        Assert.Equal(folders.Keys.Order(StringComparer.Ordinal), snapshot.Folders.Select(f => f.FolderId).Order(StringComparer.Ordinal));
        foreach (var folder in snapshot.Folders)
        {
            Assert.True(JsonElement.DeepEquals(folders[folder.FolderId].GetProperty("definitions"), JsonSerializer.SerializeToElement(folder.Definitions)), folder.Path);
        }

        var listed = manifest.Files.Where(e => e.ProjectId == "b." + projectId && e.VersionId is not null
            && e.Status is not (ManifestStatus.Deleted or ManifestStatus.Moved or ManifestStatus.NotListed)).Select(e => e.VersionId!).ToHashSet(StringComparer.Ordinal);
        Assert.Equal(listed.Order(StringComparer.Ordinal), snapshot.Versions.Select(v => v.VersionId).Order(StringComparer.Ordinal));
        var versions = truthProject.GetProperty("versions").EnumerateArray().ToDictionary(v => v.GetProperty("versionId").GetString()!, StringComparer.Ordinal);
        foreach (var version in snapshot.Versions)
        {
            Assert.Null(version.Error);
            Assert.True(JsonElement.DeepEquals(versions[version.VersionId].GetProperty("record"), version.Record!.Value), version.Path);
        }
    }
}
