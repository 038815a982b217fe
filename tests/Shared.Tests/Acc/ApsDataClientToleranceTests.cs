using AccBackup.Acc;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Acc;

/// <summary>
/// The client keeps reading what real APS sends when optional members come and go: reserved files, pages without
/// <c>included</c>, collections with only <c>self</c>/<c>next</c> links, folders without <c>visibleTypes</c>, and
/// members it has never heard of.
/// </summary>
public sealed class ApsDataClientToleranceTests
{
    private static readonly Uri BaseUrl = new("https://aps.test/");

    [Fact]
    public async Task ListFolderContentsAsync_ReservedFile_ListsItWithItsTip()
    {
        // Arrange
        await using var emulator = await StartAsync();
        await using var services = Services(emulator);
        var client = services.GetRequiredService<ApsDataClient>();
        var architecture = await FolderAsync(client, 0, "Project Files", "Architecture");

        // Act
        var files = (await client.ListFolderContentsAsync(architecture.ProjectId, architecture.FolderId, false, CancellationToken.None).ToListAsync())
            .OfType<AccFile>().ToList();

        // Assert
        var reserved = Assert.Single(files, f => f.Name == "Specifications.docx");
        Assert.NotNull(reserved.Tip?.Storage);
        Assert.Equal(3, reserved.Tip!.VersionNumber);
        Assert.All(files, f => Assert.NotNull(f.Tip));
    }

    [Fact]
    public async Task ListFolderContentsAsync_PagesWithoutIncludedOrFirstAndPrevLinks_ListsEveryEntry()
    {
        // Arrange: "Deep" holds only a folder (no included), "Big Folder" spans two pages linked by next alone.
        await using var emulator = await StartAsync();
        await using var services = Services(emulator);
        var client = services.GetRequiredService<ApsDataClient>();
        var deep = await FolderAsync(client, 0, "Project Files", "Deep");
        var big = await FolderAsync(client, 0, "Project Files", "Architecture", "Big Folder");

        // Act
        var deepEntries = await client.ListFolderContentsAsync(deep.ProjectId, deep.FolderId, false, CancellationToken.None).ToListAsync();
        var bigEntries = await client.ListFolderContentsAsync(big.ProjectId, big.FolderId, false, CancellationToken.None).ToListAsync();

        // Assert
        Assert.Equal("Level 01", Assert.IsType<AccFolder>(Assert.Single(deepEntries)).Name);
        Assert.Equal(235, bigEntries.Count);
        Assert.Equal(230, bigEntries.OfType<AccFile>().Count(f => f.Tip is not null));
    }

    [Fact]
    public async Task ListFolderContentsAsync_EmptyFolder_ListsNothing()
    {
        // Arrange
        await using var emulator = await StartAsync();
        await using var services = Services(emulator);
        var client = services.GetRequiredService<ApsDataClient>();
        var empty = await FolderAsync(client, 2, "Project Files");

        // Act
        var entries = await client.ListFolderContentsAsync(empty.ProjectId, empty.FolderId, true, CancellationToken.None).ToListAsync();

        // Assert
        Assert.Empty(entries);
    }

    [Fact]
    public async Task GetFolderAsync_ProjectRootWithoutVisibleTypes_ReadsIt()
    {
        // Arrange
        await using var emulator = await StartAsync();
        await using var services = Services(emulator);
        var client = services.GetRequiredService<ApsDataClient>();
        var project = await client.ListProjectsAsync(CancellationToken.None).FirstAsync();

        // Act
        var root = await client.GetFolderAsync(project.Id, project.RootFolderId!, CancellationToken.None);

        // Assert
        Assert.EndsWith("-root-folder", root.Name, StringComparison.Ordinal);
        Assert.NotNull(root.LastModifiedTimeRollup);
    }

    [Fact]
    public async Task ListFolderContentsAsync_UnknownMembersEverywhere_AreIgnored()
    {
        // Arrange: a page as the reference writes it, plus members no version of the reference has.
        const string Page = """
            {"jsonapi":{"version":"1.0","meta":{"future":1}},
             "links":{"self":{"href":"https://aps.test/x"},"describedby":{"href":"https://aps.test/schema"}},
             "data":[
              {"type":"folders","id":"urn:f","attributes":{"name":"Sub","displayName":"Sub","objectCount":2,"hidden":false,
                "lastModifiedTimeRollup":"2026-01-02T03:04:05.0000000Z","futureAttribute":{"x":[1,2]},
                "extension":{"type":"folders:autodesk.bim360:Folder","version":"1.0","data":{"actions":["CONVERT"],"futureFlag":true}}},
               "relationships":{"futureRelationship":{"data":{"type":"things","id":"1"}}}},
              {"type":"items","id":"urn:i","attributes":{"displayName":"plan.pdf","hidden":false,"reserved":true,
                "reservedTime":"2026-01-02T03:04:05.000Z","reservedUserId":"U1","reservedUserName":"Someone","futureAttribute":null,
                "extension":{"type":"items:autodesk.bim360:File","version":"1.0","data":{}}},
               "relationships":{"tip":{"data":{"type":"versions","id":"urn:v?version=4"}},"futureRelationship":{"meta":{}}}}],
             "included":[
              {"type":"versions","id":"urn:v?version=4","attributes":{"name":"plan.pdf","versionNumber":4,"storageSize":12,"futureSize":99,
                "extension":{"type":"versions:autodesk.bim360:File","version":"1.0","data":{"conformingStatus":"NONE","futureState":"X"}}},
               "relationships":{"storage":{"data":{"type":"objects","id":"urn:adsk.objects:os.object:wip.dm.prod/k.pdf"},"meta":{"link":{"href":"h"}}}}},
              {"type":"futureTypes","id":"urn:z","attributes":{}}],
             "meta":{"warnings":[],"future":"y"}}
            """;
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json(Page));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        // Act
        var entries = await client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync();

        // Assert
        Assert.Equal(new AccFolder("urn:f", "Sub", false, new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.Zero), 2), entries[0]);
        var file = Assert.IsType<AccFile>(entries[1]);
        Assert.Equal(("plan.pdf", 4, 12L), (file.Name, file.Tip!.VersionNumber, file.Tip.StorageSize!.Value));
        Assert.Equal(new OssObject("wip.dm.prod", "k.pdf"), file.Tip.Storage);
    }

    private static Task<EmulatorServer> StartAsync() => EmulatorServer.StartAsync(new EmulatorOptions { Quotas = QuotaOptions.Disabled });

    private static ServiceProvider Services(EmulatorServer emulator) =>
        ApsTestServices.Create(emulator.BaseUrl, settings: new Dictionary<string, string?> { ["Aps:AccountId"] = emulator.AccountId });

    /// <summary>Walks from a demo project's top folder down the named folders.</summary>
    private static async Task<(string ProjectId, string FolderId)> FolderAsync(ApsDataClient client, int projectIndex, string topFolder, params string[] below)
    {
        var project = (await client.ListProjectsAsync(CancellationToken.None).ToListAsync())[projectIndex];
        var folderId = (await client.ListTopFoldersAsync(project.Id, CancellationToken.None).FirstAsync(f => f.Name == topFolder)).Id;
        foreach (var name in below)
        {
            folderId = (await client.ListFolderContentsAsync(project.Id, folderId, false, CancellationToken.None).OfType<AccFolder>().FirstAsync(f => f.Name == name)).Id;
        }

        return (project.Id, folderId);
    }
}
