using System.Text.Json;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;

namespace AccBackup.Tests.Issues.Snapshots;

/// <summary>The snapshot's attachments in JSON: a referenced Docs file round-trips, a stored one writes no reference, and a
/// snapshot written before references existed still reads.</summary>
[Trait("Category", "Unit")]
public sealed class IssueSnapshotJsonTests
{
    private const string VersionUrn = "urn:adsk.wipprod:fs.file:vf.abc?version=3";

    [Fact]
    public void Serialize_ReferencedAttachment_RoundTripsItsVersionAndIsReferenced()
    {
        var json = JsonSerializer.Serialize(Snapshot(StoredAttachment.Reference(Attachment(), VersionUrn)), IssueJsonContext.Default.IssueSnapshot);

        var read = JsonSerializer.Deserialize(json, IssueJsonContext.Default.IssueSnapshot)!.Issues[0].Attachments[0];

        Assert.Contains("\"referencedVersion\"", json, StringComparison.Ordinal);
        Assert.True(read.IsReferenced);
        Assert.Equal(VersionUrn, read.ReferencedVersion);
    }

    [Fact]
    public void Deserialize_SnapshotWrittenBeforeReferences_ReadsStoredAndFailedAttachmentsAsNotReferenced()
    {
        var older = JsonSerializer.Serialize(
            Snapshot(new StoredAttachment(Attachment(), "blob", 3, "abc", null), new StoredAttachment(Attachment(), null, null, null, "not stored: the attachment has no OSS storageUrn")),
            IssueJsonContext.Default.IssueSnapshot);
        Assert.DoesNotContain("referencedVersion", older, StringComparison.Ordinal);

        var read = JsonSerializer.Deserialize(older, IssueJsonContext.Default.IssueSnapshot)!.Issues[0].Attachments;

        Assert.All(read, a => Assert.False(a.IsReferenced));
        Assert.Equal(("blob", "not stored: the attachment has no OSS storageUrn"), (read[0].BlobName, read[1].Error));
    }

    private static JsonElement Attachment() =>
        JsonDocument.Parse($$"""{"attachmentId":"a1","fileName":"A-101.pdf","versionUrn":"{{VersionUrn}}","tipVersionUrn":"{{VersionUrn}}"}""").RootElement.Clone();

    private static IssueSnapshot Snapshot(params StoredAttachment[] attachments) => new(
        "b.p", "Tower", "run-1", DateTimeOffset.UnixEpoch, null, null, new IssueSettingsRecord([], [], [], []),
        [new IssueRecord(JsonDocument.Parse("""{"id":"i1"}""").RootElement.Clone(), [], attachments)]);
}
