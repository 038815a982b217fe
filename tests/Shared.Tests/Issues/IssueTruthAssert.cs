using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Storage;

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
        AssertSame(settings.GetProperty("issueTypes"), snapshot.Settings.IssueTypes);
        AssertSame(settings.GetProperty("rootCauseCategories"), snapshot.Settings.RootCauseCategories);
        AssertSame(settings.GetProperty("attributeDefinitions"), snapshot.Settings.AttributeDefinitions);
        AssertSame(settings.GetProperty("attributeMappings"), snapshot.Settings.AttributeMappings);
        foreach (var (truth, exported) in truthIssues.Zip(snapshot.Issues))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("issue"), exported.Issue), $"issue differs:\n{truth.GetProperty("issue")}\n{exported.Issue}");
            AssertSame(truth.GetProperty("comments"), exported.Comments);
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
                await using var bytes = await container.OpenReadAsync(stored.BlobName!, null, null, CancellationToken.None);
                Assert.Equal(expected.GetProperty("sha256").GetString(), Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
            }
        }
    }

    private static void AssertSame(JsonElement expected, IReadOnlyList<JsonElement> actual)
    {
        var items = expected.EnumerateArray().ToList();
        Assert.Equal(items.Count, actual.Count);
        foreach (var (e, a) in items.Zip(actual))
        {
            Assert.True(JsonElement.DeepEquals(e, a), $"differs:\n{e}\n{a}");
        }
    }
}
