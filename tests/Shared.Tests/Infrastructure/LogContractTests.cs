using System.Text.RegularExpressions;

namespace AccBackup.Tests.Infrastructure;

/// <summary>The run-summary log contract in infra/bicep/README.md and the query the alerts and workbook share agree.</summary>
public sealed partial class LogContractTests
{
    [Fact]
    public void RunsQuery_EveryTemplatePlaceholder_IsReadInBothSpellings()
    {
        var query = RepoFiles.Text("infra", "bicep", "queries", "backup-runs.kql");

        var unread = TemplatePlaceholders()
            .Where(p => !query.Contains($"d.{p}", StringComparison.Ordinal) || !query.Contains($"d.prop__{p}", StringComparison.Ordinal))
            .Select(p => $"{{{p}}} is not read as d.{p} and d.prop__{p}");

        Problems.AssertNone(unread);
    }

    [Fact]
    public void RunsQuery_EveryDimensionItReads_IsATemplatePlaceholder()
    {
        var placeholders = TemplatePlaceholders();
        var query = RepoFiles.Text("infra", "bicep", "queries", "backup-runs.kql");

        var extra = DimensionRead().Matches(query).Select(m => m.Groups["name"].Value).Distinct()
            .Where(d => !placeholders.Contains(d))
            .Select(d => $"the query reads {d}, which the README's message template does not have");

        Problems.AssertNone(extra);
    }

    [Fact]
    public void ManifestAssembler_RunFinishedTemplate_IsTheReadmeTemplate()
    {
        var readme = RepoFiles.Text("infra", "bicep", "README.md");

        Assert.Equal(AccBackup.Runs.ManifestAssembler.RunFinishedTemplate, TemplateLine().Match(readme).Value.TrimEnd());
    }

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

    [GeneratedRegex(@"\bd\.(prop__)?(?<name>\w+)")]
    private static partial Regex DimensionRead();
}
