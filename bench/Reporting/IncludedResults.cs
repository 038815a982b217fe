using System.Text.Json;

namespace AccBackup.Bench.Reporting;

/// <summary>Curve points measured by an earlier run (<c>--include results.json</c>), carried into this run's report with where they came from.</summary>
/// <remarks>For a point too long for one run's time window: it is measured alone with the same settings and joined here, marked as such.</remarks>
internal static class IncludedResults
{
    private static readonly JsonSerializerOptions Json = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true };

    /// <summary>The quota-bound curve scenarios of <paramref name="path"/> at one of <paramref name="scales"/>, each with a finding naming the run it comes from.</summary>
    public static async Task<IReadOnlyList<ScenarioReport>> CurvePointsAsync(string path, IReadOnlyList<double> scales, double compression, CancellationToken cancellationToken)
    {
        var report = JsonSerializer.Deserialize<BenchReport>(await File.ReadAllTextAsync(path, cancellationToken), Json)
            ?? throw new InvalidOperationException($"{path} holds no benchmark report.");
        var origin = $"measured in a separate run ({report.GeneratedAt}, command `{report.Command}`; {(report.Parameters.Count > 0 ? report.Parameters[^1] : "")}) and included with --include";
        return report.Scenarios
            .Where(s => s.Name.StartsWith(Scenarios.QuotaBoundScenario.Name + "-scale-", StringComparison.Ordinal) && scales.Contains(s.Scale))
            .Where(s => s.Compression == compression
                ? true
                : throw new InvalidOperationException($"{path}: {s.Name} ran at k = {s.Compression}, this run at k = {compression}."))
            .Select(s => s with { Findings = [.. s.Findings, origin] })
            .ToList();
    }
}
