using System.Text.Json;
using AccBackup.Backup.Listing;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.State;

namespace AccBackup.Tests.Runs.State;

[Trait("Category", "Unit")]
public sealed class SharedStringsTests
{
    private const string Record =
        """{"projectId":"b.p1","projectName":"Tower","itemId":"urn:adsk.wipprod:dm.lineage:AbC","versionId":"urn:adsk.wipprod:fs.file:vf.AbC?version=2","blobName":"Tower/Plans/A-101.pdf","sourcePath":"Tower/Plans/A-101.pdf","extensionType":"items:autodesk.bim360:File","folderId":"urn:adsk.wipprod:fs.folder:co.F1"}""";

    private const string Entry =
        """{"projectId":"b.p1","projectName":"Tower","path":"Tower/Plans/A-101.pdf","itemId":"urn:adsk.wipprod:dm.lineage:AbC","versionId":"urn:adsk.wipprod:fs.file:vf.AbC?version=2","blobName":"Tower/Plans/A-101.pdf","status":"copied","folderId":"urn:adsk.wipprod:fs.folder:co.F1"}""";

    [Fact]
    public void TypeInfo_RecordsOfTwoContexts_ShareEachEqualStringOnce()
    {
        var strings = new SharedStrings();

        var record = JsonSerializer.Deserialize(Record, strings.TypeInfo<InventoryRecord>(RunJsonContext.Default))!;
        var entry = JsonSerializer.Deserialize(Entry, strings.TypeInfo<ManifestEntry>(ManifestJsonContext.Default))!;

        Assert.Same(record.ItemId, entry.ItemId);
        Assert.Same(record.VersionId, entry.VersionId);
        Assert.Same(record.BlobName, entry.BlobName);
        Assert.Same(record.SourcePath, entry.Path);
        Assert.Same(record.FolderId, entry.FolderId);
        Assert.Equal(ManifestStatus.Copied, entry.Status);
    }

    [Fact]
    public void TypeInfo_FolderPaths_ShareTheNamesTheyRepeat()
    {
        var strings = new SharedStrings();
        var type = strings.TypeInfo<FolderRef>(RunJsonContext.Default);

        var parent = JsonSerializer.Deserialize("""{"id":"f1","segments":["Plans"],"names":["Plans"]}""", type)!;
        var child = JsonSerializer.Deserialize("""{"id":"f2","segments":["Plans","Zone A"],"names":["Plans","Zone A"],"parentId":"f1"}""", type)!;

        Assert.Same(parent.Names[0], child.Names[0]);
        Assert.Same(parent.Id, child.ParentId);
        Assert.Equal(2, child.Segments.Count);
    }

    [Theory]
    [InlineData("\"Plans\\/A \\u00e9 \\\"quoted\\\".pdf\"", "Plans/A é \"quoted\".pdf")]
    [InlineData("\"日本語のフォルダ/図面.dwg\"", "日本語のフォルダ/図面.dwg")]
    [InlineData("\"\"", "")]
    public void TypeInfo_EscapedAndNonAsciiValues_ReadAsTheDefaultReaderReadsThem(string json, string expected)
    {
        var strings = new SharedStrings();
        var type = strings.TypeInfo<FolderRef>(RunJsonContext.Default);

        var folder = JsonSerializer.Deserialize($$"""{"id":{{json}},"segments":[],"names":[{{json}}]}""", type)!;

        Assert.Equal(expected, folder.Id);
        Assert.Same(folder.Id, folder.Names[0]);
    }

    [Fact]
    public void TypeInfo_ValueLongerThanTheStackBuffer_ReadWholeAndShared()
    {
        var strings = new SharedStrings();
        var type = strings.TypeInfo<FolderRef>(RunJsonContext.Default);
        var longName = new string('é', 700);

        var folder = JsonSerializer.Deserialize($$"""{"id":"{{longName}}","segments":[],"names":["{{longName}}"]}""", type)!;

        Assert.Equal(longName, folder.Id);
        Assert.Same(folder.Id, folder.Names[0]);
        Assert.Equal(1, strings.Count);
    }

    [Fact]
    public void TypeInfo_NumberWhereAStringBelongs_IsAJsonError()
    {
        var type = new SharedStrings().TypeInfo<FolderRef>(RunJsonContext.Default);

        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize("""{"id":42,"segments":[],"names":[]}""", type));
    }

    [Fact]
    public void TypeInfo_NullValue_StaysNull()
    {
        var type = new SharedStrings().TypeInfo<FolderRef>(RunJsonContext.Default);

        var folder = JsonSerializer.Deserialize("""{"id":"f1","segments":[],"names":[],"parentId":null}""", type)!;

        Assert.Null(folder.ParentId);
    }
}
