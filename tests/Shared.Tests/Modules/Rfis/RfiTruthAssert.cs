using System.Text.Json;
using AccBackup.Modules.Rfis;
using AccBackup.Storage;
using AccBackup.Testing;

namespace AccBackup.Tests.Modules.Rfis;

/// <summary>Compares an exported RFI snapshot with the emulator's truth: every RFI (hidden and void too) whole, field for field
/// with its responses, every comment, every attachment with the SHA-256 of the bytes in its blob. A Docs file referenced to the
/// file backup of its own run (no blob named yet) must name the version the attachment names, at its tip: restore proves its bytes.</summary>
internal static class RfiTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, RfiSnapshot snapshot, BlobContainer container)
    {
        var truth = truthProject.GetProperty("rfis").EnumerateArray().ToList();
        Assert.Equal(truth.Count, snapshot.Rfis.Count);
        foreach (var (expected, exported) in truth.Zip(snapshot.Rfis))
        {
            Assert.True(JsonElement.DeepEquals(expected.GetProperty("rfi"), exported.Rfi), $"RFI differs:\n{expected.GetProperty("rfi")}\n{exported.Rfi}");
            TruthAssert.SameRecords(expected.GetProperty("comments"), exported.Comments);
            var attachments = expected.GetProperty("attachments").EnumerateArray().ToList();
            Assert.Equal(attachments.Count, exported.Attachments.Count);
            foreach (var (attachment, stored) in attachments.Zip(exported.Attachments))
            {
                Assert.True(JsonElement.DeepEquals(attachment.GetProperty("attachment"), stored.Attachment), $"attachment differs: {stored.Attachment}");
                Assert.Null(stored.Error);
                if (stored.IsReferenced)
                {
                    Assert.Equal(stored.Attachment.GetProperty("versionUrn").GetString(), stored.ReferencedVersion);
                }

                if (stored.IsUnresolvedReference)
                {
                    Assert.Equal(stored.Attachment.GetProperty("tipVersionUrn").GetString(), stored.ReferencedVersion);
                    continue;
                }

                Assert.NotNull(stored.Stored);
                Assert.Equal(attachment.GetProperty("sha256").GetString(), stored.Stored.Sha256);
                await TruthAssert.StoredBytesAsync(container, stored.Stored.BlobName, stored.Stored.Sha256);
            }
        }
    }
}
