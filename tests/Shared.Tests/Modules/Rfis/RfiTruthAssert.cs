using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Modules.Rfis;
using AccBackup.Storage;

namespace AccBackup.Tests.Modules.Rfis;

/// <summary>Compares an exported RFI snapshot with the emulator's truth: every RFI (hidden and void too) whole, field for field
/// with its responses, every comment, every attachment with the SHA-256 of the bytes in its blob.</summary>
internal static class RfiTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, RfiSnapshot snapshot, BlobContainer container)
    {
        var truth = truthProject.GetProperty("rfis").EnumerateArray().ToList();
        Assert.Equal(truth.Count, snapshot.Rfis.Count);
        foreach (var (expected, exported) in truth.Zip(snapshot.Rfis))
        {
            Assert.True(JsonElement.DeepEquals(expected.GetProperty("rfi"), exported.Rfi), $"RFI differs:\n{expected.GetProperty("rfi")}\n{exported.Rfi}");
            var comments = expected.GetProperty("comments").EnumerateArray().ToList();
            Assert.Equal(comments.Count, exported.Comments.Count);
            Assert.All(comments.Zip(exported.Comments), pair => Assert.True(JsonElement.DeepEquals(pair.First, pair.Second), pair.Second.ToString()));
            var attachments = expected.GetProperty("attachments").EnumerateArray().ToList();
            Assert.Equal(attachments.Count, exported.Attachments.Count);
            foreach (var (attachment, stored) in attachments.Zip(exported.Attachments))
            {
                Assert.True(JsonElement.DeepEquals(attachment.GetProperty("attachment"), stored.Attachment), $"attachment differs: {stored.Attachment}");
                Assert.Null(stored.Error);
                Assert.NotNull(stored.Stored);
                Assert.Equal(attachment.GetProperty("sha256").GetString(), stored.Stored.Sha256);
                await using var bytes = await container.OpenReadAsync(stored.Stored.BlobName, null, null, CancellationToken.None);
                Assert.Equal(stored.Stored.Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
            }
        }
    }
}
