using System.Diagnostics;
using System.Globalization;
using AccBackup.Bench;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Scenarios;
using AccBackup.Testing;

// The backup benchmark of issue 8; what it runs and why: bench/README.md.
const string Usage = "usage: dotnet run -c Release --project bench -- [--quick] [--scenario quota-bound|link-bound|large-file]...";
#if BENCH_DURABLE
const string VariantNames =
    "engine-* variants run the activities through BackupRunner (acc-backup's in-process driver); durable-* through the Function App's " +
    "orchestrations on the Durable Task in-process test host (built with -p:BenchDurable=true).";
#else
const string VariantNames =
    "engine-* variants run the activities through BackupRunner (acc-backup's in-process driver). durable-* variants (the Function App's " +
    "orchestrations on the Durable Task test host) are in builds with -p:BenchDurable=true, where the Durable Task packages restore.";
#endif

var quick = false;
var only = new List<string>();
for (var i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--quick":
            quick = true;
            break;
        case "--scenario" when i + 1 < args.Length:
            only.Add(args[++i]);
            break;
        default:
            Console.Error.WriteLine(Usage);
            return 2;
    }
}

var settings = BenchSettings.For(quick);
using var cancel = new CancellationTokenSource(quick ? TimeSpan.FromMinutes(10) : TimeSpan.FromMinutes(40)); // a hung run ends
Console.CancelKeyPress += (_, e) =>
{
    e.Cancel = true;
    cancel.Cancel();
};

var loadAtStart = LoadAverage();
Console.WriteLine("Backup benchmark (issue 8). " + VariantNames);
foreach (var line in settings.Describe())
{
    Console.WriteLine("  " + line);
}

var scenarios = new (string Name, Func<BenchSettings, CancellationToken, Task<ScenarioReport>> Run)[]
{
    (QuotaBoundScenario.Name, QuotaBoundScenario.RunAsync),
    (LinkBoundScenario.Name, LinkBoundScenario.RunAsync),
    (LargeFileScenario.Name, LargeFileScenario.RunAsync),
};
var clock = Stopwatch.StartNew();
var reports = new List<ScenarioReport>();
foreach (var (name, run) in scenarios.Where(s => only.Count == 0 || only.Contains(s.Name)))
{
    Console.WriteLine($"Scenario {name} ...");
    reports.Add(await run(settings, cancel.Token));
}

var command = "dotnet run -c Release --project bench --" + string.Concat(args.Select(a => " " + a));
var report = new BenchReport(
    DateTimeOffset.UtcNow.ToString("yyyy-MM-dd HH:mm:ss 'UTC'", CultureInfo.InvariantCulture),
    quick ? "quick" : "full",
    command,
    VariantNames,
    [.. settings.Describe(), $"load average (1/5/15 min) at start {loadAtStart}, at end {LoadAverage()}: other work on this machine competes for its {Environment.ProcessorCount} cores"],
    reports,
    Targets.Check(reports),
    reports.Count > 0 && reports.All(s => s.Variants.All(v => v.Verified)),
    Math.Round(clock.Elapsed.TotalSeconds, 1));

Console.WriteLine();
Console.WriteLine(ReportWriter.ToText(report));
var results = Path.Combine(RepoPaths.Root, "bench", "results");
Directory.CreateDirectory(results);
await WriteAsync(Path.Combine(results, "latest.json"), ReportWriter.ToJson(report));
await WriteAsync(Path.Combine(results, "latest.md"), ReportWriter.ToMarkdown(report));
Console.WriteLine($"Wrote {Path.Combine(results, "latest.json")} and latest.md");
return report.AllVerified ? 0 : 1;

static string LoadAverage() => File.Exists("/proc/loadavg") ? string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : "unknown";

// Written beside the target and moved over it, so a cut-short run never leaves half a file.
static async Task WriteAsync(string path, string content)
{
    var temporary = path + ".tmp";
    await File.WriteAllTextAsync(temporary, content);
    File.Move(temporary, path, overwrite: true);
}
