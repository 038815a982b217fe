using AccEmulator.Control;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Accounts;

public sealed class DeterminismTests
{
    [Theory]
    [InlineData(EmulatorDatasets.Demo, TruthHashing.All)]
    [InlineData(EmulatorDatasets.SeedScaled, TruthHashing.None)] // ≈1 GB of content: hashing it twice is not worth the time.
    public async Task Truth_SameSeed_IsIdenticalIncludingIdsAndHashes(string dataset, TruthHashing hashing)
    {
        // Arrange
        var options = TestEmulator.Options() with { Dataset = dataset, Seed = 7, Scale = 0.01 };
        await using var first = await TestEmulator.StartAsync(options);
        await using var second = await TestEmulator.StartAsync(options);

        // Act
        var a = await first.Truth.GetFilesAsync(hashing);
        var b = await second.Truth.GetFilesAsync(hashing);

        // Assert
        Assert.Equal(first.HubId, second.HubId);
        Assert.Equal(a.Count, b.Count);
        Assert.Equal(Describe(a), Describe(b));
    }

    [Fact]
    public async Task Truth_DifferentSeed_DiffersInIdsAndBytes()
    {
        // Arrange
        await using var first = await TestEmulator.StartAsync(TestEmulator.Options() with { Seed = 1 });
        await using var second = await TestEmulator.StartAsync(TestEmulator.Options() with { Seed = 2 });

        // Act
        var a = await first.Truth.GetFilesAsync();
        var b = await second.Truth.GetFilesAsync();

        // Assert
        Assert.NotEqual(first.HubId, second.HubId);
        Assert.Equal(a.Select(f => f.Path), b.Select(f => f.Path));
        Assert.Empty(a.Select(f => f.ItemId).Intersect(b.Select(f => f.ItemId)));
        Assert.Empty(a.Where(f => f.ServedLength > 0).Select(f => f.Sha256).Intersect(b.Select(f => f.Sha256)));
    }

    private static IEnumerable<string> Describe(IReadOnlyList<TruthFile> files) =>
        files.Select(f => $"{f.Path}|{f.ItemId}|{f.VersionId}|{f.StorageId}|{f.StorageSize}|{f.ServedLength}|{f.Sha256}|{f.Hidden}");
}
