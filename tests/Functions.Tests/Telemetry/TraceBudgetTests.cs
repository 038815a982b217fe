using System.Globalization;
using Xunit.Abstractions;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>How many traces a night writes at the app's log levels (WorkerLogLevels): the budget infra/bicep/README.md quotes.</summary>
[Collection(DemoRunTelemetry.Collection)]
public sealed class TraceBudgetTests(DemoRunTelemetry demo, ITestOutputHelper output)
{
    /// <summary>Per run: scheduled, started, orchestrating, finished, with room for the warnings of a normal night.</summary>
    private const int PerRun = 10;

    /// <summary>Per project: an incomplete or stopped project says so once, with room for a retry line or two.</summary>
    private const int PerProject = 5;

    /// <summary>What scales with the files (per file, batch or folder lines): at most one trace per this many files.</summary>
    private const int FilesPerTrace = 100;

    [Fact]
    public void Traces_DemoRunAtTheAppsLogLevels_StayWithinTheBudget()
    {
        var traces = demo.Items.Where(i => i.IsTrace).ToList();
        var files = demo.Summary.Files;
        var projects = demo.Summary.Projects;
        var events = traces.GroupBy(t => $"{t.Severity} {t.Category} {t.CustomDimensions.GetValueOrDefault("EventId")}", StringComparer.Ordinal).ToList();

        // A line logged more often than once per project scales with something finer (folders, batches, files): those
        // lines together get the per-file share; at the demo's size a per-batch line alone would exceed it.
        var perFileShare = (int)Math.Ceiling(files / (double)FilesPerTrace);
        var finerThanProjects = events.Where(e => e.Count() > projects).Sum(e => e.Count());
        var budget = perFileShare + PerRun + PerProject * projects;

        output.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{traces.Count} traces for {files} files in {projects} projects ({traces.Count * 1000.0 / files:0.0} per 1,000 files); budget {budget} = {perFileShare} + {PerRun} per run + {PerProject} per project"));
        foreach (var e in events.OrderBy(e => e.Key, StringComparer.Ordinal))
        {
            output.WriteLine($"  {e.Count(),4}  {e.Key}");
        }

        Assert.True(traces.Count <= budget, $"{traces.Count} traces for {files} files and {projects} projects; the budget is {budget}.");
        Assert.True(finerThanProjects <= perFileShare, $"{finerThanProjects} traces of lines logged more than once per project; the per-file share is {perFileShare}.");
        Assert.Contains(traces, t => t.CustomDimensions.GetValueOrDefault("EventId") == "4002");
    }
}
