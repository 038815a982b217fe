using AccBackup.Manifest;
using AccBackup.Modules;

namespace AccBackup.Runs.Activities;

/// <summary>A run's module counts and coverage while it goes on: per module the projects read and the summed counts, and each
/// project's module that could not be read. Mutable and serializable: it lives inside the run's tally.</summary>
public sealed class ModuleTally
{
    /// <summary>Projects read per module.</summary>
    public Dictionary<string, int> Projects { get; init; } = [];

    /// <summary>The counts per module, summed over its projects.</summary>
    public Dictionary<string, Dictionary<string, long>> Counts { get; init; } = [];

    /// <summary>Each project's module that could not be read, and why.</summary>
    public List<ModuleCoverageGap> Gaps { get; init; } = [];

    /// <summary>Counts one project's module export.</summary>
    public void Exported(ExportModuleResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        if (result.Gap is { } gap)
        {
            Gaps.Add(gap);
            return;
        }

        Projects[result.Module] = Projects.GetValueOrDefault(result.Module) + 1;
        Merge(result.Module, result.Counts);
    }

    /// <summary>Adds another tally's (a project's, into its run's).</summary>
    public void Add(ModuleTally other)
    {
        ArgumentNullException.ThrowIfNull(other);
        foreach (var (module, projects) in other.Projects)
        {
            Projects[module] = Projects.GetValueOrDefault(module) + projects;
        }

        foreach (var (module, counts) in other.Counts)
        {
            Merge(module, counts);
        }

        Gaps.AddRange(other.Gaps);
    }

    /// <summary>The manifest's modules and coverage; <paramref name="issueFailures"/> (projects whose issues could not be read)
    /// join the coverage as the <c>issues</c> module's gaps. Null when no module was read or missed.</summary>
    public ModulesSummary? ToSummary(IReadOnlyList<ProjectFailure> issueFailures)
    {
        ArgumentNullException.ThrowIfNull(issueFailures);
        var coverage = Gaps.Concat(issueFailures.Select(f => new ModuleCoverageGap(f.ProjectId, f.ProjectName, ModuleNames.Issues, ModuleCoverage.Classify(f.Error), f.Error)))
            .OrderBy(g => g.ProjectName, StringComparer.Ordinal).ThenBy(g => g.Module, StringComparer.Ordinal).ToList();
        if (Counts.Count == 0 && coverage.Count == 0)
        {
            return null;
        }

        var totals = Counts.OrderBy(c => ModuleNames.Known.ToList().IndexOf(c.Key))
            .Select(c => new ModuleTotals(c.Key, Projects.GetValueOrDefault(c.Key), new SortedDictionary<string, long>(c.Value, StringComparer.Ordinal)))
            .ToList();
        return new ModulesSummary(totals, coverage);
    }

    private void Merge(string module, IReadOnlyDictionary<string, long> counts)
    {
        if (!Counts.TryGetValue(module, out var sums))
        {
            Counts[module] = sums = new Dictionary<string, long>(StringComparer.Ordinal);
        }

        foreach (var (name, value) in counts)
        {
            sums[name] = sums.GetValueOrDefault(name) + value;
        }
    }
}
