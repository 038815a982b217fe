using System.Globalization;
using System.Text.RegularExpressions;
using AccBackup.Testing;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>The problem-run alert's condition on a runs-query row, taken from infra/bicep/modules/alerts.bicep: terms such as
/// <c>Failed &gt; 0</c>, <c>Status == "Failed"</c> or <c>isnotempty(ContainerProblem)</c> joined by <c>or</c>; any other form fails the test.</summary>
internal sealed partial class ProblemRunCondition
{
    private readonly IReadOnlyList<Match> terms;

    private ProblemRunCondition(IReadOnlyList<Match> terms) => this.terms = terms;

    public static ProblemRunCondition Load()
    {
        var bicep = File.ReadAllText(Path.Combine(RepoPaths.Root, "infra", "bicep", "modules", "alerts.bicep"));
        var condition = ProblemRunsQuery().Match(bicep);
        Assert.True(condition.Success, "alerts.bicep has no problemRunsQuery of the form '${runs}\\n| where ...'.");
        var terms = condition.Groups["condition"].Value.Split(" or ", StringSplitOptions.TrimEntries).Select(t =>
        {
            var term = Term().Match(t);
            Assert.True(term.Success, $"The problem-run condition has a term '{t}' this test does not read.");
            return term;
        }).ToList();
        return new ProblemRunCondition(terms);
    }

    /// <summary>The terms that hold for <paramref name="row"/>, as written in alerts.bicep; the alert fires when any does.</summary>
    public IReadOnlyList<string> FiringTerms(IReadOnlyDictionary<string, object?> row) =>
        [.. terms.Where(t => Holds(t, row)).Select(t => t.Value)];

    private static bool Holds(Match term, IReadOnlyDictionary<string, object?> row)
    {
        var column = term.Groups["column"].Value;
        Assert.True(row.ContainsKey(column), $"The problem-run condition reads {column}, which the runs query does not return.");
        if (term.Groups["function"].Success)
        {
            return row[column] is string { Length: > 0 };
        }

        var literal = term.Groups["literal"].Value;
        var comparison = row[column] switch
        {
            null => (int?)null,
            string text when literal.StartsWith('"') => string.CompareOrdinal(text, literal.Trim('"')),
            long number when !literal.StartsWith('"') => number.CompareTo(long.Parse(literal, CultureInfo.InvariantCulture)),
            double number when !literal.StartsWith('"') => number.CompareTo(double.Parse(literal, CultureInfo.InvariantCulture)),
            var value => throw new InvalidOperationException($"{column} is {value?.GetType().Name}, compared with {literal}."),
        };
        return comparison is { } c && term.Groups["operator"].Value switch
        {
            "==" => c == 0,
            "!=" => c != 0,
            ">" => c > 0,
            ">=" => c >= 0,
            "<" => c < 0,
            _ => c <= 0,
        };
    }

    [GeneratedRegex(@"var problemRunsQuery = '\$\{runs\}\\n\| where (?<condition>[^']+)'")]
    private static partial Regex ProblemRunsQuery();

    [GeneratedRegex(@"^((?<column>\w+) (?<operator>==|!=|>=|<=|>|<) (?<literal>""[^""]*""|-?\d+(\.\d+)?)|(?<function>isnotempty)\((?<column>\w+)\))$")]
    private static partial Regex Term();
}
