using System.Globalization;
using System.Text.RegularExpressions;
using AccBackup.Testing;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>What infra/bicep/queries/backup-runs.kql selects and reads, taken from the file: its filters on customDimensions
/// and the typed column each dimension becomes, applied to ingested items.</summary>
/// <remarks>Not KQL: only the forms the file uses are read, and any other form of filter or dimension read fails the test,
/// so a query this cannot follow is never passed unread.</remarks>
internal sealed partial class RunsQuery
{
    private RunsQuery(IReadOnlyDictionary<string, string> filters, IReadOnlyList<string> nonEmpty, IReadOnlyList<RunsColumn> columns)
    {
        Filters = filters;
        NonEmpty = nonEmpty;
        Columns = columns;
    }

    /// <summary>The customDimensions a trace must have, with these values, to be a run summary.</summary>
    public IReadOnlyDictionary<string, string> Filters { get; }

    /// <summary>Columns that must not be empty (<c>isnotempty</c>).</summary>
    public IReadOnlyList<string> NonEmpty { get; }

    /// <summary>The typed columns, each read from one customDimension.</summary>
    public IReadOnlyList<RunsColumn> Columns { get; }

    public static RunsQuery Load()
    {
        var text = File.ReadAllText(Path.Combine(RepoPaths.Root, "infra", "bicep", "queries", "backup-runs.kql"));
        var query = string.Join('\n', text.Split('\n').Where(l => !l.TrimStart().StartsWith("//", StringComparison.Ordinal)));
        var filters = new Dictionary<string, string>(StringComparer.Ordinal);
        var nonEmpty = new List<string>();
        foreach (var term in WhereClause().Matches(query).SelectMany(m => m.Groups["terms"].Value.Split(" and ", StringSplitOptions.TrimEntries)))
        {
            if (DimensionEquals().Match(term) is { Success: true } equals)
            {
                filters.Add(equals.Groups["dimension"].Value, equals.Groups["value"].Value);
            }
            else if (IsNotEmpty().Match(term) is { Success: true } notEmpty)
            {
                nonEmpty.Add(notEmpty.Groups["column"].Value);
            }
            else
            {
                Assert.Fail($"backup-runs.kql filters with '{term}', a form this test does not read.");
            }
        }

        var columns = TypedColumn().Matches(query)
            .Select(m => new RunsColumn(m.Groups["column"].Value, m.Groups["conversion"].Value, m.Groups["dimension"].Value)).ToList();
        Assert.True(columns.Count == DimensionRead().Count(query), "backup-runs.kql reads a customDimension in a form this test does not read.");
        Assert.NotEmpty(filters);
        return new RunsQuery(filters, nonEmpty, columns);
    }

    /// <summary>The rows the query returns for <paramref name="items"/>: one per run-summary trace, column by column.</summary>
    public IReadOnlyList<IReadOnlyDictionary<string, object?>> Rows(IEnumerable<IngestedItem> items) =>
    [
        .. items.Where(i => i.IsTrace && Filters.All(f => i.CustomDimensions.GetValueOrDefault(f.Key) == f.Value))
            .Select(i => Columns.ToDictionary(c => c.Name, c => c.Read(i.CustomDimensions), StringComparer.Ordinal))
            .Where(row => NonEmpty.All(c => row.GetValueOrDefault(c) is string { Length: > 0 } or long or double)),
    ];

    [GeneratedRegex(@"^\| where (?<terms>.+)$", RegexOptions.Multiline)]
    private static partial Regex WhereClause();

    [GeneratedRegex(@"^tostring\(customDimensions\.(?<dimension>\w+)\) == ""(?<value>[^""]*)""$")]
    private static partial Regex DimensionEquals();

    [GeneratedRegex(@"^isnotempty\((?<column>\w+)\)$")]
    private static partial Regex IsNotEmpty();

    [GeneratedRegex(@"\b(?<column>\w+) = (?<conversion>tostring|tolong|todouble)\(d\.(?<dimension>\w+)\)")]
    private static partial Regex TypedColumn();

    [GeneratedRegex(@"\bd\.\w+")]
    private static partial Regex DimensionRead();
}

/// <summary>A column of the runs query: <c>Name = Conversion(d.Dimension)</c>.</summary>
internal sealed record RunsColumn(string Name, string Conversion, string Dimension)
{
    /// <summary>The column's value for one trace; null where the dimension is missing or does not convert (as in KQL).</summary>
    public object? Read(IReadOnlyDictionary<string, string> dimensions) => dimensions.GetValueOrDefault(Dimension) is not { } text
        ? null
        : Conversion switch
        {
            "tostring" => text,
            "tolong" => long.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var integer) ? integer : null,
            "todouble" => double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var real) ? real : null,
            _ => throw new InvalidOperationException($"No conversion {Conversion}."),
        };
}
