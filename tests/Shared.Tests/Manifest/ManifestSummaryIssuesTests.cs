using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Tests.Manifest;

/// <summary>The summary's issue counts in the manifest JSON: camelCase, left out when issues are not exported, and manifests
/// written before issues were backed up still read.</summary>
[Trait("Category", "Unit")]
public sealed class ManifestSummaryIssuesTests
{
    [Fact]
    public void Serialize_WithIssues_WritesCamelCaseCountsAndFailedProjects()
    {
        var summary = Summary() with { Issues = new IssuesSummary(2, 13, 3, 9, 4, 1, [new ProjectFailure("b.p", "Tower", "refused")]) { AttachmentsReferenced = 2, VanishedIssues = 1 } };

        using var json = JsonDocument.Parse(JsonSerializer.Serialize(summary, ManifestJsonContext.Default.ManifestSummary));

        var issues = json.RootElement.GetProperty("issues");
        Assert.Equal((2, 13, 3, 9, 4, 1), (issues.GetProperty("projects").GetInt32(), issues.GetProperty("issues").GetInt32(), issues.GetProperty("deletedIssues").GetInt32(),
            issues.GetProperty("comments").GetInt32(), issues.GetProperty("attachments").GetInt32(), issues.GetProperty("attachmentFailures").GetInt32()));
        Assert.Equal((2, 1), (issues.GetProperty("attachmentsReferenced").GetInt32(), issues.GetProperty("vanishedIssues").GetInt32()));
        Assert.Equal("Tower", issues.GetProperty("failedProjects")[0].GetProperty("projectName").GetString());
        Assert.Equal("CompletedWithErrors", summary.Status);
    }

    [Fact]
    public void Deserialize_ManifestWrittenBeforeIssues_ReadsWithoutIssuesAndKeepsItsStatus()
    {
        var older = JsonSerializer.Serialize(Summary(), ManifestJsonContext.Default.ManifestSummary);
        Assert.DoesNotContain("\"issues\"", older, StringComparison.Ordinal);

        var read = JsonSerializer.Deserialize(older, ManifestJsonContext.Default.ManifestSummary)!;

        Assert.Null(read.Issues);
        Assert.Equal("Succeeded", read.Status);
    }

    [Fact]
    public void Status_IssuesExportedWithoutFailures_Succeeded()
    {
        Assert.Equal("Succeeded", (Summary() with { Issues = new IssuesSummary(1, 5, 0, 0, 0, 0, []) }).Status);
    }

    private static ManifestSummary Summary() => new(
        "run-1", DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch.AddMinutes(1), 60, 1, 2, 3, 100, 3, 0, 0, 0, 0, 0, 0, 0, [], []);
}
