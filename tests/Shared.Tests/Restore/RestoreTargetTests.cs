using AccBackup.Restore;

namespace AccBackup.Tests.Restore;

[Trait("Category", "Unit")]
public sealed class RestoreTargetTests
{
    private static readonly string Root = Path.Combine(Path.GetTempPath(), "restore-root");

    [Theory]
    [InlineData("../x.txt")]
    [InlineData("P/../../x.txt")]
    [InlineData("P/./x.txt")]
    [InlineData("P//x.txt")]
    [InlineData("/etc/passwd")]
    [InlineData("P\\..\\..\\x.txt")]
    [InlineData("")]
    [InlineData("P/x\0.txt")]
    public void Resolve_NameThatCouldEscape_RefusedWithReason(string blobName)
    {
        var target = RestoreTarget.Resolve(Root, blobName, out var refusal);

        Assert.Null(target);
        Assert.False(string.IsNullOrEmpty(refusal));
    }

    [Fact]
    public void Resolve_FolderLayoutName_FileUnderRoot()
    {
        var target = RestoreTarget.Resolve(Root + Path.DirectorySeparatorChar, "Demo Tower/Project Files/plan..v2.pdf", out var refusal);

        Assert.Null(refusal);
        Assert.Equal(Path.Combine(Root, "Demo Tower", "Project Files", "plan..v2.pdf"), target);
    }

    [Fact]
    public void Resolve_SiblingFolderSharingThePrefix_Refused()
    {
        // "/tmp/restore-root-evil" starts with "/tmp/restore-root": the check must compare whole segments.
        var target = RestoreTarget.Resolve(Root, "../restore-root-evil/x.txt", out _);

        Assert.Null(target);
    }
}

[Trait("Category", "Unit")]
public sealed class RestoreTargetFolderTests : IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("acc-restore-target-").FullName;

    private string Root => Path.Combine(scratch, "root");

    [Fact]
    public void TryCreateFolder_LinkAboveMissingFolders_RefusedAndNothingCreatedThroughIt()
    {
        var outside = Directory.CreateDirectory(Path.Combine(scratch, "outside")).FullName;
        Directory.CreateDirectory(Root);
        Directory.CreateSymbolicLink(Path.Combine(Root, "link"), outside);

        var created = RestoreTarget.TryCreateFolder(Root, Path.Combine(Root, "link", "a", "b"), out var refusal);

        Assert.False(created);
        Assert.Contains("symbolic link", refusal, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFileSystemEntries(outside));
    }

    [Fact]
    public void TryCreateFolder_FileWhereAFolderIsNeeded_RefusedWithReason()
    {
        Directory.CreateDirectory(Root);
        File.WriteAllText(Path.Combine(Root, "a"), "x");

        var created = RestoreTarget.TryCreateFolder(Root, Path.Combine(Root, "a", "b"), out var refusal);

        Assert.False(created);
        Assert.Contains("is a file", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public void TryCreateFolder_MissingFolders_CreatesEachOne()
    {
        var created = RestoreTarget.TryCreateFolder(Root, Path.Combine(Root, "a", "b", "c"), out var refusal);

        Assert.True(created, refusal);
        Assert.True(Directory.Exists(Path.Combine(Root, "a", "b", "c")));
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);
}
