using AccEmulator.Accounts.Generation;
using AccEmulator.Control;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Accounts;

public sealed class ScaledDatasetTests
{
    [Fact]
    public void Build_Scale0025_HasAbout1000FilesInAbout300Folders()
    {
        // Arrange
        var options = new EmulatorOptions { Dataset = EmulatorDatasets.SeedScaled, Scale = 0.025 };

        // Act
        var account = ScaledDataset.Build(options);

        // Assert
        var folders = account.Folders.Values.Count(f => !f.IsRoot);
        Assert.InRange(folders, 280, 310);
        Assert.InRange(account.Items.Count, 950, 1050);
        Assert.InRange(account.Items.Count / (double)folders, 3.0, 3.8);
    }

    [Fact]
    public void Build_ProjectsSet_SplitsTheScaledFoldersAndFilesOverThatManyProjects()
    {
        // Arrange
        var options = new EmulatorOptions { Dataset = EmulatorDatasets.SeedScaled, Scale = 0.25, Projects = 1000 };

        // Act
        var account = ScaledDataset.Build(options);

        // Assert: 10,058 files and 2,934 folders at 0.25, over 1,000 projects of about 10 files each.
        Assert.Equal(1000, account.Projects.Count);
        Assert.Equal(2934, account.Folders.Values.Count(f => !f.IsRoot));
        Assert.Equal(10_058, account.Items.Count);
        Assert.All(account.Projects, p => Assert.InRange(account.Items.Values.Count(i => i.Parent.Project == p), 8, 12));
    }

    [Fact]
    public async Task Truth_Scale01_HasLongTailedSizesAroundTheRealMean()
    {
        // Arrange
        await using var server = await TestEmulator.StartAsync(TestEmulator.Options() with { Dataset = EmulatorDatasets.SeedScaled, Scale = 0.1 });

        // Act
        var sizes = (await server.Truth.GetFilesAsync(TruthHashing.None)).Where(f => f.HasStorage).Select(f => f.ServedLength!.Value).Order().ToList();

        // Assert
        var mean = sizes.Average();
        var median = sizes[sizes.Count / 2];
        Assert.InRange(mean, 1_000_000, 6_000_000);
        Assert.True(median < mean / 3, $"median {median} vs mean {mean}");
        Assert.True(sizes[^1] > 50_000_000, $"largest {sizes[^1]}");
    }
}
