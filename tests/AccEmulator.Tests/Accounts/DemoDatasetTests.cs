using AccEmulator.Control;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Accounts;

public sealed class DemoDatasetTests
{
    [Fact]
    public async Task Demo_Truth_HoldsEveryEdgeCase()
    {
        // Arrange
        await using var server = await TestEmulator.StartAsync();

        // Act
        var files = await server.Truth.GetFilesAsync();

        // Assert
        TruthFile Named(string name) => Assert.Single(files, f => f.DisplayName == name);
        Assert.InRange(files.Count, 200, 400);
        Assert.Equal(230, files.Count(f => f.FolderSegments is [.., "Big Folder"]));
        Assert.Equal(0, Named("empty.txt").ServedLength);
        Assert.Equal("versions:autodesk.bim360:C4RModel", Named("Tower Central.rvt").ExtensionType);
        Assert.True(Named("Tower Central.rvt").HasStorage);
        Assert.Contains(files, f => f.DisplayName.IndexOfAny(['<', '>', ':', '"', '|', '?', '*']) >= 0);
        Assert.Contains(files, f => f.DisplayName.Contains('/', StringComparison.Ordinal) && f.DisplayName.Contains('\\', StringComparison.Ordinal));
        Assert.Contains(files, f => f.DisplayName.Any(c => c > 127));
        Assert.Contains(files, f => f.DisplayName.EndsWith('.'));
        Assert.Contains(files, f => f.DisplayName.EndsWith(' '));
        Assert.Contains(files, f => f.DisplayName.Any(char.IsControl));
        Assert.Contains(files, f => f.FolderSegments.Count >= 10);
        Assert.True(Named("hidden note.txt").Hidden);
        var drift = Named("drift.bin");
        Assert.NotEqual(drift.StorageSize, drift.ServedLength);
        var plans = files.Where(f => f.ExtensionType == "versions:autodesk.bim360:Document").ToList();
        Assert.NotEmpty(plans);
        Assert.All(plans, p => Assert.True(p is { HasStorage: false, StorageSize: null, ServedLength: null, Sha256: null, StorageId: null }));
        Assert.DoesNotContain(files, f => f.ServedLength > int.MaxValue);
    }

    [Fact]
    public async Task Demo_Paths_JoinFolderSegmentsAndDisplayName()
    {
        // Arrange
        await using var server = await TestEmulator.StartAsync();

        // Act
        var files = await server.Truth.GetFilesAsync(TruthHashing.None);

        // Assert
        var deep = Assert.Single(files, f => f.DisplayName == "deep file.txt");
        Assert.Equal("Project Files/Deep/Level 01/Level 02/Level 03/Level 04/Level 05/Level 06/Level 07/Level 08/Level 09/Level 10/Level 11/Level 12/deep file.txt", deep.Path);
        Assert.All(files, f => Assert.Equal(string.Join('/', f.FolderSegments.Append(f.DisplayName)), f.Path));
        Assert.All(files, f => Assert.Contains(f.FolderSegments[0], new[] { "Project Files", "Plans" }));
    }

    [Fact]
    public async Task Demo_LargeFileOptions_AddFilesBeyond2GiB()
    {
        // Arrange
        var options = TestEmulator.Options() with { LargeFile = true, ExtraLargeFileBytes = 3L << 30 };

        // Act
        await using var server = await TestEmulator.StartAsync(options);
        var files = await server.Truth.GetFilesAsync();

        // Assert
        var large = Assert.Single(files, f => f.DisplayName == "large-2.5GiB.bin");
        Assert.Equal(2_684_354_560, large.ServedLength);
        Assert.Null(large.Sha256);
        Assert.Equal(3L << 30, Assert.Single(files, f => f.DisplayName == "large-extra.bin").StorageSize);
    }
}
