using AccBackup.AccRestore;
using AccBackup.AccRestore.Target;
using AccBackup.Manifest;

namespace AccBackup.Tests.AccRestore;

[Trait("Category", "Unit")]
public sealed class RestoreTargetPathTests
{
    [Theory]
    [InlineData("Tower/Project Files/Restored", "Tower", "Project Files/Restored")]
    [InlineData(" Tower / Project Files ", "Tower", "Project Files")]
    public void ParseTarget_ProjectAndFolders_SplitsThem(string target, string project, string folders)
    {
        var (parsedProject, parsedFolders) = RestoreTargetPath.ParseTarget(target);

        Assert.Equal((project, folders), (parsedProject, string.Join('/', parsedFolders)));
    }

    [Theory]
    [InlineData("Tower")]
    [InlineData("Tower/")]
    public void ParseTarget_ProjectRootOnly_ThrowsNamingTheShape(string target)
    {
        var e = Assert.Throws<ArgumentException>(() => RestoreTargetPath.ParseTarget(target));

        Assert.Contains("Project name/Folder", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Split_NameHoldingASlash_TakesTheDepthFromThePlace()
    {
        var entry = Entry("Tower/Project Files/Edge/slash / name.txt", "tower/Project Files/Edge/slash _ name.txt");

        var (folders, name) = RestoreTargetPath.Split(entry);

        Assert.Equal(("Project Files/Edge", "slash / name.txt"), (string.Join('/', folders), name));
    }

    [Theory]
    [InlineData("Tower/Project Files/A", "B/x.pdf")]
    [InlineData("Project Files/A", "B/x.pdf")]
    [InlineData("Project Files/A/B/x.pdf", "x.pdf")]
    [InlineData(null, "Project Files/A/B/x.pdf")]
    public void Under_PathPrefix_KeepsPathsRelativeToIt(string? prefix, string expected)
    {
        var entry = Entry("Tower/Project Files/A/B/x.pdf", "tower/Project Files/A/B/x.pdf");

        var folders = RestoreTargetPath.Under(["Project Files", "Restored"], entry, prefix);

        Assert.Equal("Project Files/Restored/" + expected, string.Join('/', folders.Append("x.pdf")));
    }

    private static ManifestEntry Entry(string path, string place) =>
        new("b.p", "Tower", path, "item", "v1", 1, 3, 3, "abc", "blob", ManifestStatus.Copied, null) { Place = place };
}
