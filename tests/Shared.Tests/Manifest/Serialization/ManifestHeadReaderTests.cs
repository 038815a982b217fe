using System.Text;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Tests.Manifest.Serialization;

[Trait("Category", "Unit")]
public sealed class ManifestHeadReaderTests
{
    private const string Manifest = """
        {"formatVersion":1,"summary":{"runId":"r1","startedAt":"2026-11-22T02:00:00+00:00","finishedAt":"2026-11-22T02:00:10+00:00","durationSeconds":10,
        "projects":2,"folders":3,"files":4,"bytes":5,"copied":3,"unchanged":0,"noContent":1,"planned":0,"failed":0,"sizeMismatchCount":0,
        "sizeMismatches":[],"failedProjects":[{"projectId":"b.1","projectName":"P [x]","error":"listing failed"}]},"files":[{"projectId":"b.1"
        """;

    [Fact]
    public void TryReadSummary_HeadHoldsWholeSummary_ReadsItWithoutTheFiles()
    {
        var summary = ManifestHeadReader.TryReadSummary(Encoding.UTF8.GetBytes(Manifest), isFinalBlock: false);

        Assert.NotNull(summary);
        Assert.Equal(("r1", 4L, 3L), (summary.RunId, summary.Files, summary.Copied));
        Assert.Equal("P [x]", Assert.Single(summary.FailedProjects).ProjectName);
    }

    [Fact]
    public void TryReadSummary_HeadCutInsideSummary_Null()
    {
        var head = Encoding.UTF8.GetBytes(Manifest[..Manifest.IndexOf("failedProjects", StringComparison.Ordinal)]);

        Assert.Null(ManifestHeadReader.TryReadSummary(head, isFinalBlock: false));
    }

    [Fact]
    public void TryReadSummary_NotAnObject_Throws()
    {
        Assert.Throws<InvalidDataException>(() => ManifestHeadReader.TryReadSummary("[1,2]"u8, isFinalBlock: true));
    }
}
