using AccEmulator.Accounts;
using AccEmulator.Permissions;

namespace AccEmulator.Tests.Permissions;

[Trait("Category", "Unit")]
public sealed class FolderPermissionsModelTests
{
    private static readonly DateTimeOffset Time = new(2030, 1, 1, 0, 0, 0, TimeSpan.Zero);

    [Fact]
    public void Allows_SubFolderWithItsOwnSetting_OverridesTheParentsForThatSubtreeOnly()
    {
        // Arrange
        var (files, sub, deeper, sibling) = Tree();
        var sut = new FolderPermissions();
        sut.Set(files.Id, "U1", PermissionActions.ViewDownload);
        sut.Set(sub.Id, "U1", PermissionActions.All);

        // Act
        bool[] upload = [sut.Allows(files, "U1", PermissionActions.Upload), sut.Allows(deeper, "U1", PermissionActions.Upload),
            sut.Allows(sibling, "U1", PermissionActions.Upload), sut.Allows(sibling, "U2", PermissionActions.Upload), sut.Allows(sibling, null, PermissionActions.Upload)];

        // Assert
        Assert.Equal([false, true, false, true, true], upload);
    }

    [Fact]
    public void Set_UnknownAction_ThrowsNamingTheKnownOnes()
    {
        // Arrange
        var sut = new FolderPermissions();

        // Act
        var error = Assert.Throws<ArgumentException>(() => sut.Set("f", "U1", ["fly"]));

        // Assert
        Assert.Contains("upload", error.Message, StringComparison.Ordinal);
    }

    private static (EmulatedFolder Files, EmulatedFolder Sub, EmulatedFolder Deeper, EmulatedFolder Sibling) Tree()
    {
        var project = new EmulatedProject(Guid.NewGuid(), "P", "ACC", 10_000_000);
        var root = new EmulatedFolder("root", project.RootFolderName, project, null, Time);
        var files = new EmulatedFolder("files", "Project Files", project, root, Time);
        var sub = new EmulatedFolder("sub", "Sub", project, files, Time);
        return (files, sub, new EmulatedFolder("deeper", "Deeper", project, sub, Time), new EmulatedFolder("sibling", "Sibling", project, files, Time));
    }
}
