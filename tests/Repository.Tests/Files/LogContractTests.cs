using System.Reflection;
using System.Text.RegularExpressions;
using AccBackup.Runs;
using AccBackup.Testing;
using Microsoft.Extensions.Logging;

namespace AccBackup.Repository.Tests.Files;

/// <summary>The run-summary log contract in infra/bicep/README.md and the query the alerts and workbook share agree.</summary>
/// <remarks>That the worker's exporter really produces these fields is tests/Functions.Tests/Telemetry's part.</remarks>
[Trait("Category", "Unit")]
public sealed partial class LogContractTests
{
    [Fact]
    public void RunsQuery_EveryTemplatePlaceholder_IsReadAsTheCustomDimensionOfItsName()
    {
        var query = RunsQuery();

        var unread = TemplatePlaceholders()
            .Where(p => !query.Contains($"(d.{p})", StringComparison.Ordinal))
            .Select(p => $"{{{p}}} is not read as d.{p}");

        Problems.AssertNone(unread);
    }

    [Fact]
    public void RunsQuery_EveryDimensionItReads_IsATemplatePlaceholder()
    {
        var placeholders = TemplatePlaceholders();

        var extra = DimensionRead().Matches(RunsQuery()).Select(m => m.Groups["name"].Value).Distinct()
            .Where(d => !placeholders.Contains(d))
            .Select(d => $"the query reads {d}, which the README's message template does not have");

        Problems.AssertNone(extra);
    }

    [Fact]
    public void RunsQuery_NoHostForwardedSpelling_IsRead()
    {
        // The worker exports its own logs: the host's prop__ copies of them are not sent, so reading them would only hide a
        // field the worker stopped sending.
        Assert.DoesNotContain("prop__", RunsQuery(), StringComparison.Ordinal);
    }

    [Fact]
    public void RunsQuery_Filter_IsTheRunSummarysCategoryAndEventId()
    {
        var filter = EventFilter().Match(RunsQuery());
        var runFinished = typeof(RunSummaryLog).GetMethod("Write", BindingFlags.NonPublic | BindingFlags.Static)!
            .GetCustomAttribute<LoggerMessageAttribute>()!;

        Assert.True(filter.Success, "backup-runs.kql does not select traces by customDimensions.CategoryName and EventId.");
        Assert.Equal(RunSummaryLog.Category, filter.Groups["category"].Value);
        Assert.Equal(runFinished.EventId.ToString(System.Globalization.CultureInfo.InvariantCulture), filter.Groups["eventId"].Value);
        Assert.Equal(RunSummaryLog.Template, runFinished.Message);
    }

    [Fact]
    public void RunSummaryLog_Template_IsTheReadmeTemplate()
    {
        var readme = RepoFiles.Text("infra", "bicep", "README.md");

        Assert.Equal(RunSummaryLog.Template, TemplateLine().Match(readme).Value.TrimEnd());
    }

    private static string RunsQuery() => RepoFiles.Text("infra", "bicep", "queries", "backup-runs.kql");

    private static HashSet<string> TemplatePlaceholders()
    {
        var readme = RepoFiles.Text("infra", "bicep", "README.md");
        var template = TemplateLine().Match(readme);
        Assert.True(template.Success, "infra/bicep/README.md has no 'Backup run {RunId} finished: ...' message template.");
        return Placeholder().Matches(template.Value).Select(m => m.Groups["name"].Value).ToHashSet(StringComparer.Ordinal);
    }

    [GeneratedRegex(@"(?m)^Backup run \{RunId\} finished: .*$")]
    private static partial Regex TemplateLine();

    [GeneratedRegex(@"\{(?<name>\w+)\}")]
    private static partial Regex Placeholder();

    [Fact]
    public void LoggerMessages_EveryEventId_NamesOneMessage()
    {
        // A query or alert selects a log by its EventId: two messages sharing one would be read as each other.
        var ids = Directory.EnumerateFiles(Path.Combine(RepoPaths.Root, "src"), "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .SelectMany(f => LoggerEventId().Matches(File.ReadAllText(f)).Select(m => (Id: m.Groups["id"].Value, File: RepoFiles.Relative(f))))
            .ToList();

        Assert.True(ids.Count > 50, $"only {ids.Count} [LoggerMessage] event ids found");
        Assert.Empty(ids.GroupBy(i => i.Id).Where(g => g.Count() > 1).Select(g => $"{g.Key}: {string.Join(", ", g.Select(i => i.File))}"));
    }

    [GeneratedRegex(@"\[LoggerMessage\(EventId = (?<id>\d+)")]
    private static partial Regex LoggerEventId();

    [GeneratedRegex(@"\bd\.(?<name>\w+)")]
    private static partial Regex DimensionRead();

    [GeneratedRegex(@"tostring\(customDimensions\.CategoryName\) == ""(?<category>[^""]+)"" and tostring\(customDimensions\.EventId\) == ""(?<eventId>\d+)""")]
    private static partial Regex EventFilter();
}
