using AccBackup.Acc;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Acc;

/// <summary>Paging over real HTTP against the emulator, including APS's page-number-only and host-relative <c>next</c> links.</summary>
public sealed class ApsDataClientPagingTests
{
    private const int FileCount = 250;

    [Theory]
    [InlineData(PageLinkQuery.Echo, false)]
    [InlineData(PageLinkQuery.PageNumberOnly, false)]
    [InlineData(PageLinkQuery.PageNumberOnly, true)]
    public async Task ListFolderContentsAsync_HiddenItemsOnSecondPage_ListsEveryEntryOnce(PageLinkQuery linkQuery, bool relativeLinks)
    {
        // Arrange
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { PageLinkQuery = linkQuery, RelativePageLinks = relativeLinks, Quotas = QuotaOptions.Disabled });
        await using var services = ApsTestServices.Create(emulator.BaseUrl, settings: new Dictionary<string, string?> { ["Aps:AccountId"] = emulator.AccountId });
        var client = services.GetRequiredService<ApsDataClient>();
        var (projectId, folderId) = await FolderWithHiddenFilesAfterTheFirstPageAsync(emulator, client);

        // Act
        var entries = await client.ListFolderContentsAsync(projectId, folderId, includeHidden: true, CancellationToken.None).ToListAsync();

        // Assert
        Assert.Equal(FileCount, entries.Count);
        Assert.Equal(FileCount, entries.Select(e => e.Id).Distinct().Count());
        Assert.Equal(10, entries.Count(e => e.Hidden));
    }

    [Theory]
    [InlineData(PageLinkQuery.Echo, false)]
    [InlineData(PageLinkQuery.PageNumberOnly, false)]
    [InlineData(PageLinkQuery.PageNumberOnly, true)]
    public async Task ListVersionsAsync_MoreVersionsThanAPage_ListsEveryVersionOnceWithItsStorage(PageLinkQuery linkQuery, bool relativeLinks)
    {
        // Arrange: an item with 250 versions, so page 2 of 200 holds the oldest.
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { PageLinkQuery = linkQuery, RelativePageLinks = relativeLinks, Quotas = QuotaOptions.Disabled });
        await using var services = ApsTestServices.Create(emulator.BaseUrl, settings: new Dictionary<string, string?> { ["Aps:AccountId"] = emulator.AccountId });
        var client = services.GetRequiredService<ApsDataClient>();
        var project = await client.ListProjectsAsync(CancellationToken.None).FirstAsync();
        var top = await client.ListTopFoldersAsync(project.Id, CancellationToken.None).FirstAsync();
        var item = emulator.Mutations.AddFile(emulator.Mutations.AddFolder(top.Id, "Versions").Id, "model.rvt", 10);
        for (var i = 1; i < FileCount; i++)
        {
            emulator.Mutations.ChangeFile(item.Id, 10 + i);
        }

        // Act
        var versions = await client.ListVersionsAsync(project.Id, item.Id, CancellationToken.None).ToListAsync();

        // Assert
        Assert.Equal(Enumerable.Range(1, FileCount), versions.Select(v => v.VersionNumber).Order());
        Assert.Equal(FileCount, versions.Select(v => v.Storage).Distinct().Count());
        Assert.All(versions, v => Assert.Equal(10 + v.VersionNumber - 1, v.StorageSize));
    }

    [Theory]
    [InlineData(PageLinkQuery.Echo)]
    [InlineData(PageLinkQuery.PageNumberOnly)]
    public async Task ListProjectsAsync_MoreProjectsThanAPage_ReadsThemInPagesOfTheDocumentedMaximum(PageLinkQuery linkQuery)
    {
        // Arrange: 450 projects; the Data Management reference gives page[limit] of hubs/:hub_id/projects a maximum of 200.
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Scale = 0.1, Projects = 450, PageLinkQuery = linkQuery, Quotas = QuotaOptions.Disabled,
        });
        await using var services = ApsTestServices.Create(emulator.BaseUrl, settings: new Dictionary<string, string?> { ["Aps:AccountId"] = emulator.AccountId });
        var client = services.GetRequiredService<ApsDataClient>();

        // Act
        var projects = await client.ListProjectsAsync(CancellationToken.None).ToListAsync();

        // Assert: ceil(450 / 200) pages, each project once. The emulator counts a request once its answer has gone out.
        Assert.Equal(450, projects.Select(p => p.Id).Distinct().Count());
        await TestWaits.UntilAsync(() => emulator.GetStats().Count(EndpointCategory.Projects) >= 3, "three project pages counted");
        Assert.Equal(3, emulator.GetStats().Count(EndpointCategory.Projects, 200));
    }

    /// <summary>A new folder of 250 files whose 211th to 220th are deleted (hidden): they sit on page 2 of 200.</summary>
    private static async Task<(string ProjectId, string FolderId)> FolderWithHiddenFilesAfterTheFirstPageAsync(EmulatorServer emulator, ApsDataClient client)
    {
        var project = await client.ListProjectsAsync(CancellationToken.None).FirstAsync();
        var top = await client.ListTopFoldersAsync(project.Id, CancellationToken.None).FirstAsync();
        var folder = emulator.Mutations.AddFolder(top.Id, "Paging");
        var files = Enumerable.Range(0, FileCount).Select(i => emulator.Mutations.AddFile(folder.Id, $"file {i:D3}.txt", 1)).ToList();
        foreach (var file in files.Skip(210).Take(10))
        {
            emulator.Mutations.DeleteFile(file.Id);
        }

        return (project.Id, folder.Id);
    }
}
