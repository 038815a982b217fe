using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Control;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Accounts;

public sealed class AccountMutatorTests
{
    [Fact]
    public async Task AddFile_DeepFolder_MovesRollupOnEveryAncestorAndNowhereElse()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options(clock));
        var deep = await ItemEndpointsTests.FileAsync(aps, "deep file.txt");
        var (projectId, roots) = await RootsAsync(aps);
        var before = await FolderTree.ReadAsync(aps, projectId, roots);

        // Act
        var result = aps.Server.Mutations.AddFile(deep.FolderId, "new.pdf", 1234);
        var after = await FolderTree.ReadAsync(aps, projectId, roots);

        // Assert
        var ancestors = Ancestors(before, deep.FolderId);
        Assert.Equal(14, ancestors.Count); // Level 12 … Level 01, Deep, Project Files
        var moved = before.Folders.Keys.Where(id => before.Folders[id].Rollup != after.Folders[id].Rollup).ToHashSet();
        Assert.Equal(ancestors.Order(StringComparer.Ordinal), moved.Order(StringComparer.Ordinal));
        Assert.All(ancestors, id => Assert.Equal(Iso(clock.GetUtcNow()), after.Folders[id].Rollup));
        Assert.Equal(Iso(result.Time), after.Folders[deep.FolderId].LastModified);
        Assert.Equal(before.Folders[ancestors[1]].LastModified, after.Folders[ancestors[1]].LastModified);
    }

    [Fact]
    public async Task ChangeFile_Tip_IsANewVersionWithNewBytesAndMovesOnlyRollups()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx", TruthHashing.UpToLimit);
        var folderBefore = await FolderAsync(aps, file.ProjectId, file.FolderId);

        // Act
        var result = aps.Server.Mutations.ChangeFile(file.ItemId, 5000);
        var changed = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx", TruthHashing.UpToLimit);
        var folderAfter = await FolderAsync(aps, file.ProjectId, file.FolderId);

        // Assert
        Assert.Equal(file.VersionNumber + 1, changed.VersionNumber);
        Assert.Equal(result.VersionId, changed.VersionId);
        Assert.Equal(5000, changed.ServedLength);
        Assert.NotEqual(file.Sha256, changed.Sha256);
        Assert.NotEqual(file.StorageId, changed.StorageId);
        Assert.Equal(folderBefore.GetProperty("lastModifiedTime").GetString(), folderAfter.GetProperty("lastModifiedTime").GetString());
        Assert.NotEqual(folderBefore.GetProperty("lastModifiedTimeRollup").GetString(), folderAfter.GetProperty("lastModifiedTimeRollup").GetString());
    }

    [Fact]
    public async Task RenameFile_Tip_IsANewVersionWithTheNewNameAndTheSameBytes()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx", TruthHashing.UpToLimit);

        // Act
        aps.Server.Mutations.RenameFile(file.ItemId, "Door Schedule v2.xlsx");
        var renamed = await ItemEndpointsTests.FileAsync(aps, "Door Schedule v2.xlsx", TruthHashing.UpToLimit);
        var item = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}");

        // Assert
        Assert.Equal(file.ItemId, renamed.ItemId);
        Assert.Equal(file.VersionNumber + 1, renamed.VersionNumber);
        Assert.NotNull(file.Sha256);
        Assert.Equal(file.Sha256, renamed.Sha256);
        Assert.EndsWith("/Door Schedule v2.xlsx", renamed.Path, StringComparison.Ordinal);
        Assert.Equal("Door Schedule v2.xlsx", item.GetProperty("data").GetProperty("attributes").GetProperty("displayName").GetString());
    }

    [Fact]
    public async Task RenameFolder_Ancestor_RenamesEveryPathBeneathAndMovesOnlyItsOwnAndAncestorsTimes()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options(clock));
        var deep = await ItemEndpointsTests.FileAsync(aps, "deep file.txt", TruthHashing.UpToLimit);
        var (projectId, roots) = await RootsAsync(aps);
        var before = await FolderTree.ReadAsync(aps, projectId, roots);
        var chain = Ancestors(before, deep.FolderId); // Level 12 … Level 01, Deep, Project Files
        var renamed = chain[5];
        clock.Advance(TimeSpan.FromMinutes(1));

        // Act
        aps.Server.Mutations.RenameFolder(renamed, "Renamed level");
        var after = await FolderTree.ReadAsync(aps, projectId, roots);
        var file = await ItemEndpointsTests.FileAsync(aps, "deep file.txt", TruthHashing.UpToLimit);
        var folder = await FolderAsync(aps, projectId, renamed);

        // Assert: the same version and bytes under the new path; times move on the folder and its ancestors only.
        Assert.Equal("Renamed level", folder.GetProperty("name").GetString());
        Assert.Equal((deep.VersionId, deep.Sha256), (file.VersionId, file.Sha256));
        Assert.Contains("/Renamed level/", file.Path, StringComparison.Ordinal);
        var moved = before.Folders.Keys.Where(id => before.Folders[id].Rollup != after.Folders[id].Rollup).Order(StringComparer.Ordinal);
        Assert.Equal(chain.Skip(5).Order(StringComparer.Ordinal), moved);
        Assert.Equal(Iso(clock.GetUtcNow()), after.Folders[renamed].LastModified);
    }

    [Fact]
    public async Task DeleteFile_Item_LeavesListingsAndTruth()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Coordination.nwd");

        // Act
        aps.Server.Mutations.DeleteFile(file.ItemId);
        var (visible, _, _) = await aps.ListContentsAsync(file.ProjectId, file.FolderId);
        var (all, _, _) = await aps.ListContentsAsync(file.ProjectId, file.FolderId, "?includeHidden=true");
        var truth = await aps.Server.Truth.GetFilesAsync(TruthHashing.None);

        // Assert
        Assert.DoesNotContain(visible, e => e.GetProperty("id").GetString() == file.ItemId);
        Assert.Contains(all, e => e.GetProperty("id").GetString() == file.ItemId);
        Assert.DoesNotContain(truth, f => f.ItemId == file.ItemId);
        Assert.Throws<KeyNotFoundException>(() => aps.Server.Mutations.ChangeFile(file.ItemId));
    }

    [Fact]
    public async Task AddFolder_Parent_ListsTheNewEmptyFolder()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var result = aps.Server.Mutations.AddFolder(file.FolderId, "New Folder");
        var (entries, _, _) = await aps.ListContentsAsync(file.ProjectId, file.FolderId);
        var (inside, _, _) = await aps.ListContentsAsync(file.ProjectId, result.Id);

        // Assert
        Assert.StartsWith("urn:adsk.wipprod:fs.folder:co.", result.Id, StringComparison.Ordinal);
        Assert.Contains(entries, e => e.GetProperty("id").GetString() == result.Id);
        Assert.Empty(inside);
    }

    [Fact]
    public async Task MutationsEndpoint_AddFile_CreatesTheFileAndAnswersItsIds()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        using var response = await aps.Http.PostAsJsonAsync("_emulator/mutations",
            new { kind = "addFile", folderId = file.FolderId, name = "posted.pdf", size = 777 });
        var result = await response.Content.ReadFromJsonAsync<JsonElement>();
        var added = await ItemEndpointsTests.FileAsync(aps, "posted.pdf");

        // Assert
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(added.ItemId, result.GetProperty("id").GetString());
        Assert.Equal(added.VersionId, result.GetProperty("versionId").GetString());
        Assert.Equal(777, added.ServedLength);
    }

    [Fact]
    public async Task MutationsEndpoint_UnknownItem_Returns404()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.Http.PostAsJsonAsync("_emulator/mutations", new { kind = "deleteFile", itemId = "urn:adsk.wipprod:dm.lineage:nope" });

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    private static async Task<(string ProjectId, string[] Roots)> RootsAsync(ApsTestClient aps)
    {
        var (projectId, topFolders) = await aps.TopFoldersAsync();
        return (projectId, topFolders.Select(f => f.GetProperty("id").GetString()!).ToArray());
    }

    private static async Task<JsonElement> FolderAsync(ApsTestClient aps, string projectId, string folderId) =>
        (await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(folderId)}")).GetProperty("data").GetProperty("attributes");

    private static List<string> Ancestors(FolderTree tree, string folderId)
    {
        var chain = new List<string>();
        for (string? id = folderId; id is not null; id = tree.Folders[id].ParentId)
        {
            chain.Add(id);
        }

        return chain;
    }

    private static string Iso(DateTimeOffset time) => time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff'Z'", System.Globalization.CultureInfo.InvariantCulture);
}
