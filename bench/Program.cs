using System.Diagnostics;
using System.Globalization;
using AccBackup.Bench;
using AccBackup.Bench.Children;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Scenarios;
using AccBackup.Testing;

// The backup benchmark of issues 8 and 16; what it runs and why: bench/README.md.
const string Usage = "usage: dotnet run -c Release --project bench -- [--quick] [--scenario quota-bound|scaling|link-bound|large-file|demo-pacing|nights|issues|modules|projects-1000|pacing|restore]... " +
    "[--k N] [--side-scale X] [--curve X,Y,...] [--set Section:Key=Value]... [--out FOLDER] [--include RESULTS.json]";
const string VariantNames =
    "engine-* variants run the activities through BackupRunner (acc-backup's in-process driver); durable-* through the Function App's " +
    "orchestrations on the Durable Task in-process test host. Each variant runs in its own child process.";

using var cancel = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) =>
{
    e.Cancel = true;
    cancel.Cancel();
};
using var sigterm = System.Runtime.InteropServices.PosixSignalRegistration.Create(System.Runtime.InteropServices.PosixSignal.SIGTERM, context =>
{
    context.Cancel = true;
    cancel.Cancel();
});

if (args is ["--child", var specPath])
{
    return await ChildMain.RunAsync(specPath, cancel.Token);
}

var quick = false;
var only = new List<string>();
double? k = null, sideScale = null;
string? outFolder = null, include = null;
IReadOnlyList<double>? curveScales = null;
var product = new Dictionary<string, string?>();
try
{
    for (var i = 0; i < args.Length; i++)
    {
        string Value() => i + 1 < args.Length ? args[++i] : throw new FormatException($"{args[i]} needs a value.");
        switch (args[i])
        {
            case "--quick":
                quick = true;
                break;
            case "--scenario":
                only.Add(Value());
                break;
            case "--k":
                k = double.Parse(Value(), CultureInfo.InvariantCulture);
                break;
            case "--side-scale":
                sideScale = double.Parse(Value(), CultureInfo.InvariantCulture);
                break;
            case "--include":
                include = Value();
                break;
            case "--out":
                outFolder = Value();
                break;
            case "--set":
                // A product setting for every engine and durable child (e.g. Copy:BufferBudgetBytes=67108864): what-ifs, not the targets' runs.
                var setting = Value().Split('=', 2);
                if (setting is not [var key, var value] || !key.Contains(':', StringComparison.Ordinal))
                {
                    throw new FormatException("--set needs Section:Key=Value.");
                }

                product[key] = value;
                break;
            case "--curve":
                curveScales = Value().Split(',').Select(v => double.Parse(v, CultureInfo.InvariantCulture)).ToList();
                break;
            default:
                throw new FormatException($"Unknown argument '{args[i]}'.");
        }
    }
}
catch (FormatException e)
{
    Console.Error.WriteLine(e.Message);
    Console.Error.WriteLine(Usage);
    return 2;
}

var defaults = BenchSettings.For(quick);
var settings = defaults with { Compression = k ?? defaults.Compression, SideScale = sideScale ?? defaults.SideScale, CurveScales = curveScales ?? defaults.CurveScales, ProductSettings = product };
if (settings.Compression is < 1 or > 60)
{
    Console.Error.WriteLine("--k must be 1–60 (Aps:Quota:Window is at least one second).");
    return 2;
}

cancel.CancelAfter(quick ? TimeSpan.FromMinutes(12) : TimeSpan.FromMinutes(42)); // a hung run ends
var loadAtStart = LoadAverage();
Console.WriteLine("Backup benchmark (issues 8 and 16). " + VariantNames);
foreach (var line in settings.Describe())
{
    Console.WriteLine("  " + line);
}

var included = include is null ? [] : await IncludedResults.CurvePointsAsync(Path.GetFullPath(include, RepoPaths.Root), settings.CurveScales, settings.Compression, cancel.Token);
var scenarios = new List<(string Group, string Name, Func<CancellationToken, Task<ScenarioReport>> Run)>
{
    (DemoPacingScenario.Name, DemoPacingScenario.Name, ct => DemoPacingScenario.RunAsync(settings, ct)),
    (QuotaBoundScenario.Name, QuotaBoundScenario.Name, ct => QuotaBoundScenario.SideBySideAsync(settings, ct)),
};

// The real account's point first (the headline and the no-change night), the other scenarios, then the rest of the
// curve: a run cut short (its time limit, Ctrl+C, SIGTERM) loses the least telling scenarios and still writes its results.
var curveToRun = settings.CurveScales
    .Where(s => (s != settings.SideScale || only is [_, ..] && !only.Contains(QuotaBoundScenario.Name)) && !included.Any(i => i.Scale == s))
    .OrderBy(s => s == BenchSettings.NoChangeScale ? 0 : 1).ThenBy(s => s)
    .ToList();
foreach (var scale in curveToRun.Where(s => s == BenchSettings.NoChangeScale))
{
    scenarios.Add(("scaling", QuotaBoundScenario.CurveName(scale), ct => QuotaBoundScenario.CurvePointAsync(settings, scale, ct)));
}

scenarios.Add((LinkBoundScenario.Name, LinkBoundScenario.Name, ct => LinkBoundScenario.RunAsync(settings, ct)));
scenarios.Add((LargeFileScenario.Name, LargeFileScenario.Name, ct => LargeFileScenario.RunAsync(settings, ct)));
scenarios.Add((NightsScenario.Name, NightsScenario.Name, ct => NightsScenario.RunAsync(settings, ct)));
scenarios.Add((IssuesScenario.Name, IssuesScenario.Name, ct => IssuesScenario.RunAsync(settings, ct)));
scenarios.Add((ModulesScenario.Name, ModulesScenario.Name, ct => ModulesScenario.RunAsync(settings, ct)));
// Asked for by name only: the full run is sized to ≈ 30 min without it.
if (only.Contains(ProjectsScenario.Name))
{
    scenarios.Add((ProjectsScenario.Name, ProjectsScenario.Name, ct => ProjectsScenario.RunAsync(settings, ct)));
}

if (only.Contains(RestoreScenario.Name))
{
    scenarios.Add((RestoreScenario.Name, RestoreScenario.Name, ct => RestoreScenario.RunAsync(settings, ct)));
}

foreach (var scale in only.Contains(PacingScenario.Name) ? settings.CurveScales : [])
{
    scenarios.Add((PacingScenario.Name, $"{PacingScenario.Name}-scale-{scale.ToString(CultureInfo.InvariantCulture)}", ct => PacingScenario.RunAsync(settings, scale, ct)));
}

foreach (var scale in curveToRun.Where(s => s != BenchSettings.NoChangeScale))
{
    scenarios.Add(("scaling", QuotaBoundScenario.CurveName(scale), ct => QuotaBoundScenario.CurvePointAsync(settings, scale, ct)));
}

var clock = Stopwatch.StartNew();
var reports = new List<ScenarioReport>();
string? cutShort = null;
foreach (var (_, name, run) in scenarios.Where(s => only.Count == 0 || only.Contains(s.Group)))
{
    Console.WriteLine($"Scenario {name} ... ({clock.Elapsed.TotalMinutes:F1} min in)");
    try
    {
        reports.Add(await run(cancel.Token));
    }
    catch (OperationCanceledException) when (cancel.IsCancellationRequested)
    {
        cutShort = $"cut short after {clock.Elapsed.TotalMinutes:F1} min, during {name}: the scenarios after it did not run";
        Console.WriteLine(cutShort);
        break;
    }
}

foreach (var point in included)
{
    Console.WriteLine($"Scenario {point.Name}: included from {include}");
    reports.Add(point);
}

var curve = ScalingCurve.Of(reports, settings.CurveScales);
var command = "dotnet run -c Release --project bench --" + string.Concat(args.Select(a => " " + a));
var report = new BenchReport(
    DateTimeOffset.UtcNow.ToString("yyyy-MM-dd HH:mm:ss 'UTC'", CultureInfo.InvariantCulture),
    quick ? "quick" : "full",
    command,
    VariantNames,
    [.. settings.Describe(), .. cutShort is null ? Array.Empty<string>() : [cutShort],
        $"load average (1/5/15 min) at start {loadAtStart}, at end {LoadAverage()}: other work on this machine competes for its {AccBackup.Bench.Measure.MachineCores.Value} cores"],
    reports,
    curve,
    Targets.Check(reports, curve),
    reports.Count > 0 && reports.All(s => s.Variants.All(v => v.Verified) && s.Issues?.Verified != false && s.Modules?.All(m => m.Verified) != false),
    Math.Round(clock.Elapsed.TotalSeconds, 1));

Console.WriteLine();
Console.WriteLine(ReportWriter.ToText(report));
// Quick runs write beside the committed full results, never over them.
var results = outFolder is not null ? Path.GetFullPath(outFolder, RepoPaths.Root) : Path.Combine(RepoPaths.Root, "bench", "results", quick ? "quick" : "");
Directory.CreateDirectory(results);
await WriteAsync(Path.Combine(results, "latest.json"), ReportWriter.ToJson(report));
await WriteAsync(Path.Combine(results, "latest.md"), ReportWriter.ToMarkdown(report));
if (curve.Count > 0)
{
    await WriteAsync(Path.Combine(results, "scaling.svg"), CurvePlot.ToSvg(curve,
        $"{report.Mode} run {report.GeneratedAt}, k = {settings.Compression}, {AccBackup.Bench.Measure.MachineCores.Value} cores, load at start {loadAtStart}; dashed: targets"));
}

Console.WriteLine($"Wrote {Path.Combine(results, "latest.json")}, latest.md{(curve.Count > 0 ? " and scaling.svg" : "")}");
var targetsMet = report.Targets.All(t => t.Met);
Console.WriteLine(targetsMet ? "Every target met." : "Targets missed: " + string.Join("; ", report.Targets.Where(t => !t.Met).Select(t => t.Target)));
return report.AllVerified ? 0 : 1;

static string LoadAverage() => File.Exists("/proc/loadavg") ? string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : "unknown";

// Written beside the target and moved over it, so a cut-short run never leaves half a file.
static async Task WriteAsync(string path, string content)
{
    var temporary = path + ".tmp";
    await File.WriteAllTextAsync(temporary, content);
    File.Move(temporary, path, overwrite: true);
}
