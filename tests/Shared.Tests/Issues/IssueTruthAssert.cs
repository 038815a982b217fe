using System.Text.Json;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Storage;
using AccBackup.Testing;

namespace AccBackup.Tests.Issues;

/// <summary>Compares an exported snapshot with the emulator's truth: every issue (deleted too) field for field, every comment,
/// every attachment with the SHA-256 of the bytes in its blob (a referenced Docs file: the tip version it names), the settings.</summary>
internal static class IssueTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, IssueSnapshot snapshot, BlobContainer container)
    {
        var truthIssues = truthProject.GetProperty("issues").EnumerateArray().ToList();
        Assert.Equal(truthIssues.Count, snapshot.Issues.Count);
        var settings = truthProject.GetProperty("settings");
        TruthAssert.SameRecords(settings.GetProperty("issueTypes"), snapshot.Settings.IssueTypes);
        TruthAssert.SameRecords(settings.GetProperty("rootCauseCategories"), snapshot.Settings.RootCauseCategories);
        TruthAssert.SameRecords(settings.GetProperty("attributeDefinitions"), snapshot.Settings.AttributeDefinitions);
        TruthAssert.SameRecords(settings.GetProperty("attributeMappings"), snapshot.Settings.AttributeMappings);
        foreach (var (truth, exported) in truthIssues.Zip(snapshot.Issues))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("issue"), exported.Issue), $"issue differs:\n{truth.GetProperty("issue")}\n{exported.Issue}");
            TruthAssert.SameRecords(truth.GetProperty("comments"), exported.Comments);
            var attachments = truth.GetProperty("attachments").EnumerateArray().ToList();
            Assert.Equal(attachments.Count, exported.Attachments.Count);
            foreach (var (expected, stored) in attachments.Zip(exported.Attachments))
            {
                Assert.True(JsonElement.DeepEquals(expected.GetProperty("attachment"), stored.Attachment), $"attachment differs: {stored.Attachment}");
                Assert.Null(stored.Error);
                if (stored.IsReferenced)
                {
                    // A Docs file at its tip: the file backup's bytes, named by version (what restore takes from the manifest).
                    Assert.Equal(stored.Attachment.GetProperty("versionUrn").GetString(), stored.ReferencedVersion);
                    Assert.Equal(stored.ReferencedVersion, stored.Attachment.GetProperty("tipVersionUrn").GetString());
                    continue;
                }

                Assert.Equal(expected.GetProperty("sha256").GetString(), stored.Sha256);
                await TruthAssert.StoredBytesAsync(container, stored.BlobName!, stored.Sha256);
            }
        }
    }

}
