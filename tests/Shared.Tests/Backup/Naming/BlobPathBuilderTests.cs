using AccBackup.Backup.Naming;
using AccBackup.Storage;

namespace AccBackup.Tests.Backup.Naming;

[Trait("Category", "Unit")]
public sealed class BlobPathBuilderTests
{
    [Theory]
    [InlineData("plain.rvt", "plain.rvt")]
    [InlineData("a<b>c:d\"e|f?g*h.dwg", "a_b_c_d_e_f_g_h.dwg")]
    [InlineData("back\\slash/and/slash.pdf", "back_slash_and_slash.pdf")]
    [InlineData("tab\there\u0001.txt", "tab_here_.txt")]
    [InlineData("trailing dots...", "trailing dots___")]
    [InlineData("trailing space ", "trailing space_")]
    [InlineData(".", "_")]
    [InlineData("..", "__")]
    [InlineData("", "_")]
    [InlineData(".gitignore", ".gitignore")]
    [InlineData("Ünïcödé 設計図.pdf", "Ünïcödé 設計図.pdf")]
    [InlineData("e\u0301.txt", "\u00e9.txt")]
    [InlineData("emoji 🏗️.ifc", "emoji 🏗️.ifc")]
    public void Segment_Name_IsSanitized(string name, string expected)
    {
        Assert.Equal(expected, BlobPathBuilder.Segment(name));
    }

    [Fact]
    public void Segment_LoneSurrogate_IsReplaced()
    {
        // Built in code: attribute arguments cannot carry an unpaired surrogate intact.
        var name = "lone " + (char)0xD800 + " surrogate";

        Assert.Equal("lone _ surrogate", BlobPathBuilder.Segment(name));
    }

    [Fact]
    public void Segment_LongerThanLimit_IsCutWithHashAndKeepsExtension()
    {
        var name = new string('x', 300) + ".rvt";

        var segment = BlobPathBuilder.Segment(name);

        Assert.True(segment.Length <= BlobPathBuilder.MaxSegmentLength);
        Assert.EndsWith(".rvt", segment, StringComparison.Ordinal);
        Assert.Contains('~', segment);
        Assert.Equal(segment, BlobPathBuilder.Segment(name));
        Assert.NotEqual(segment, BlobPathBuilder.Segment(new string('x', 301) + ".rvt"));
    }

    [Fact]
    public void Build_ProjectFoldersFile_JoinsWithSlashes()
    {
        var name = Build("Tower A", ["Project Files", "Arch: Models"], "Level 1.rvt");

        Assert.Equal("Tower A/Project Files/Arch_ Models/Level 1.rvt", name);
    }

    [Theory]
    [InlineData("$acc-backup")]
    [InlineData("$ACC-BACKUP")]
    public void Build_ProjectNamedLikeReservedPrefix_NeverProducesReservedPrefix(string project)
    {
        var name = Build(project, [], "f.txt");

        Assert.False(name.StartsWith(BlobNames.ReservedPrefix + "/", StringComparison.OrdinalIgnoreCase));
    }

    [Fact]
    public void Build_PathOver1024Characters_CollapsesFoldersDeterministically()
    {
        var folders = Enumerable.Range(0, 40).Select(i => $"folder number {i:D2} with a long name").ToArray();

        var name = Build("P", folders, "file.txt");

        Assert.True(name.Length <= 1024);
        Assert.StartsWith("P/_long-path-", name, StringComparison.Ordinal);
        Assert.EndsWith("/file.txt", name, StringComparison.Ordinal);
        Assert.Equal(name, Build("P", folders, "file.txt"));
    }

    [Fact]
    public void Build_MoreThan254Segments_CollapsesFolders()
    {
        var folders = Enumerable.Range(0, 300).Select(i => "f").ToArray();

        var name = Build("P", folders, "x");

        Assert.True(name.Split('/').Length <= 254);
    }

    [Fact]
    public void Disambiguate_TwoNamesMappingToOne_CleanOneKeepsNameOtherGetsStableTag()
    {
        var entries = new[] { ("id-2", "a:b.rvt"), ("id-1", "a_b.rvt") };

        var first = BlobPathBuilder.Disambiguate(entries);
        var second = BlobPathBuilder.Disambiguate(entries.Reverse());

        Assert.Equal("a_b.rvt", first["id-1"]);
        Assert.Matches(@"^a_b ~[0-9a-f]{8}\.rvt$", first["id-2"]);
        Assert.Equal(first["id-2"], second["id-2"]);
    }

    [Fact]
    public void Disambiguate_NamesDifferingOnlyInCase_AreMadeUnique()
    {
        var result = BlobPathBuilder.Disambiguate([("1", "Plan.pdf"), ("2", "PLAN.pdf")]);

        Assert.NotEqual(result["1"], result["2"], StringComparer.OrdinalIgnoreCase);
    }

    // A file's blob name as a listing makes it: sanitised segments, then the whole-name rules.
    private static string Build(string project, IReadOnlyList<string> folders, string file) =>
        BlobPathBuilder.Fit(string.Join('/', [BlobPathBuilder.Segment(project), .. folders.Select(BlobPathBuilder.Segment), BlobPathBuilder.Segment(file)]));
}
