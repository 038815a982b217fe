using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;


namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>The values a run's summary trace must carry, by the runs query's column names, from the run's manifest.</summary>
internal static class SummaryColumns
{
    public static IReadOnlyDictionary<string, object> Of(ManifestSummary summary) => new Dictionary<string, object>(StringComparer.Ordinal)
    {
        ["RunId"] = summary.RunId,
        ["Status"] = summary.Status,
        ["DurationSeconds"] = summary.DurationSeconds,
        ["Projects"] = (long)summary.Projects,
        ["Files"] = summary.Files,
        ["Bytes"] = summary.Bytes,
        ["Copied"] = summary.Copied,
        ["Unchanged"] = summary.Unchanged,
        ["NoContent"] = summary.NoContent,
        ["Planned"] = summary.Planned,
        ["Failed"] = summary.Failed,
        ["SizeMismatches"] = summary.SizeMismatchCount,
        ["NewSizeMismatches"] = summary.NewSizeMismatchCount,
        ["FailedProjects"] = (long)summary.FailedProjects.Count,
        ["Issues"] = summary.Issues?.Issues ?? 0,
        ["IssuesFailedProjects"] = (long)(summary.Issues?.FailedProjects.Count ?? 0),
        ["IssueAttachmentFailures"] = summary.Issues?.AttachmentFailures ?? 0,
        ["IssuesVanished"] = summary.Issues?.VanishedIssues ?? 0,
        ["ModuleGaps"] = (long)(summary.Modules?.Coverage.Count ?? 0),
        ["ContainerProblem"] = "",
    };

    /// <summary>Asserts <paramref name="row"/> has exactly the columns the summary gives, each with the summary's value.</summary>
    public static void AssertRowIs(ManifestSummary summary, IReadOnlyDictionary<string, object?> row)
    {
        var expected = Of(summary);
        Assert.Equal(expected.Keys.Order(StringComparer.Ordinal), row.Keys.Order(StringComparer.Ordinal));
        Assert.All(expected, column => Assert.True(
            Equals(column.Value, row[column.Key]), $"{column.Key}: the query reads {row[column.Key] ?? "nothing"}, the manifest says {column.Value}"));
    }
}
