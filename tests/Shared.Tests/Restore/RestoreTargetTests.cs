using AccBackup.Restore;

namespace AccBackup.Tests.Restore;

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
