using System.Net.Http.Json;
using AccEmulator.Control;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Writes;

public sealed class RansomwareTests
{
    [Fact]
    public async Task Ransomware_Project_EveryLiveFileGetsANewTipWithOtherBytesAndOtherProjectsKeepTheirs()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var before = (await aps.Server.Truth.GetFilesAsync(TruthHashing.All)).Where(f => f.HasStorage).ToList();
        var projectId = before[0].ProjectId;

        // Act
        using var response = await aps.Http.PostAsJsonAsync("_emulator/mutations", new { kind = "ransomware", projectId });
        var after = (await aps.Server.Truth.GetFilesAsync(TruthHashing.All)).ToDictionary(f => f.ItemId);

        // Assert
        response.EnsureSuccessStatusCode();
        var hit = before.Where(f => f.ProjectId == projectId).ToList();
        Assert.NotEmpty(hit);
        Assert.All(hit, f =>
        {
            Assert.Equal(f.VersionNumber + 1, after[f.ItemId].VersionNumber);
            Assert.NotEqual(f.Sha256, after[f.ItemId].Sha256);
            Assert.Equal(Math.Max(16, f.ServedLength!.Value), after[f.ItemId].ServedLength);
        });
        Assert.All(before.Where(f => f.ProjectId != projectId), f => Assert.Equal(f.Sha256, after[f.ItemId].Sha256));
    }

    [Fact]
    public async Task Ransomware_Folder_OnlyItsSubtreeChanges()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var before = await aps.Server.Truth.GetFilesAsync(TruthHashing.All);
        var target = before.First(f => f.DisplayName == "Door Schedule.xlsx");

        // Act
        aps.Server.Mutations.Ransomware(target.FolderId);
        var after = (await aps.Server.Truth.GetFilesAsync(TruthHashing.All)).ToDictionary(f => f.ItemId);

        // Assert
        var inside = before.Where(f => f.ProjectId == target.ProjectId && f.FolderSegments.Take(target.FolderSegments.Count).SequenceEqual(target.FolderSegments)).ToList();
        Assert.True(inside.Count > 10);
        Assert.All(before, f => Assert.Equal(inside.Contains(f) && f.HasStorage, f.Sha256 != after[f.ItemId].Sha256));
    }
}
