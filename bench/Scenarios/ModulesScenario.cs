using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Variants;
using AccBackup.Manifest;
using AccBackup.Modules.Sheets;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Testing;
using AccEmulator.Control;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// Issue 38's bench: the issues scenario's seed-scaled account backed up with every module of <see cref="BenchModules"/> on, two
/// nights through <see cref="BackupRunner"/> (the CLI's in-process driver): night 1 exports everything, night 2 follows with nothing
/// changed. Per module: its calls and time on night 1 against its own quota floor, and its calls per project on night 2.
/// </summary>
/// <remarks>
/// Time is compressed as in the issues scenario (k = <see cref="BenchSettings.IssuesCompression"/>): every quota window, the
/// per-user Issues quota's included, is 60 s ÷ k, the client's pacing runs k times faster (<see cref="Hosting.CompressedPacing"/>),
/// APS latency is ÷ k, and so is the Sheets PDF export's poll interval (<c>Sheets:ExportPollInterval</c>): the time APS takes to
/// render a PDF is APS's latency too. Each module's calls are timed at the client (<see cref="ModuleCallClock"/>) and counted by
/// the emulator per quota category (429s apart).
/// </remarks>
internal static class ModulesScenario
{
    public const string Name = "modules";

    private const string Container = "modules";
    private const string FirstNight = "modules-night-1";
    private const string NoChangeNight = "modules-night-2";
    private const string ServiceAccountId = "SSA-BENCH-1";
    private const string KeyId = "bench-key-1";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var k = BenchSettings.IssuesCompression;
        var options = settings.IssuesAccount();
        await using var context = await ScenarioContext.StartAsync(Name, options, k, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        using var account = new TestServiceAccount(ServiceAccountId, KeyId);
        account.RegisterWith(context.Emulator);
        var productSettings = account.Settings();
        productSettings["Backup:Modules"] = Modules.ModuleNames.Files + "," + string.Join(',', BenchModules.All.Select(m => m.Name));
        productSettings["Sheets:ExportPollInterval"] = (new SheetsOptions().ExportPollInterval / k).ToString("c", CultureInfo.InvariantCulture);

        var clock = new ModuleCallClock(BenchModules.All);
        await using var host = await context.PacedHostAsync(Container, productSettings,
            services => services.ConfigureHttpClientDefaults(client => client.AddHttpMessageHandler(clock.CreateHandler)), cancellationToken);
        using var truthClient = new HttpClient { BaseAddress = context.Emulator.BaseUrl };

        var first = await NightAsync(context, host, clock, FirstNight, cancellationToken);
        var spans = BenchModules.All.ToDictionary(m => m.Name, m => (Span: clock.Span(m.Name), PerWindow: clock.PerWindow(m.Name, options.Quotas.Window), Projects: clock.ProjectsPerWindow(m.Name, options.Quotas.Window), First: clock.FirstCall(m.Name) ?? TimeSpan.Zero));
        var truth = new Dictionary<string, (int Projects, long Records)>();
        foreach (var module in BenchModules.All)
        {
            truth[module.Name] = await TruthCountAsync(truthClient, module, cancellationToken);
        }

        var second = await NightAsync(context, host, clock, NoChangeNight, cancellationToken);

        var share = new ApsOptions().Quota.Share;
        var figures = new List<ModuleFigures>();
        foreach (var module in BenchModules.All)
        {
            var problems = new List<string>();
            problems.AddRange(Problems(module, first.Result.Summary, truth[module.Name].Records, "night 1"));
            problems.AddRange(Problems(module, second.Result.Summary, truth[module.Name].Records, "the no-change night"));
            var refused = module.Quotas.Sum(c => first.Stats.Count(c, 429) + second.Stats.Count(c, 429));
            if (refused > 0)
            {
                problems.Add(Invariant($"{refused} responses 429"));
            }

            var quotas = module.Quotas.Select(c => (c.ToString(), first.Stats.Count(c) - first.Stats.Count(c, 429), LimitOf(options.Quotas, c))).ToList();
            var noChange = module.Quotas.Sum(c => second.Stats.Count(c) - second.Stats.Count(c, 429));
            var most = second.PerProject[module.Name].Values.DefaultIfEmpty(0).Max();
            var module1 = ModuleFigures.Of(module.Name, truth[module.Name].Projects, RecordsOf(module, first.Result.Summary) ?? 0, truth[module.Name].Records, quotas, refused,
                spans[module.Name].Span, spans[module.Name].First, options.Quotas.Window, share, spans[module.Name].PerWindow, spans[module.Name].Projects, noChange, most, problems);
            Console.WriteLine($"  [{Name}] {module1.Describe()}");
            figures.Add(module1);
        }

        if (first.Result.Summary.Failed > 0 || second.Result.Summary.Failed > 0)
        {
            figures[0] = figures[0] with { Problems = [.. figures[0].Problems, Invariant($"files failed: {first.Result.Summary.Failed} on night 1, {second.Result.Summary.Failed} on the no-change night")] };
        }

        var files = await context.TruthAsync(cancellationToken);
        var workload = Workloads.Of(files, 0, quotas: true);
        var description = Invariant($"seed-scaled account, scale {settings.IssuesScale} ({workload.Files} files, sizes ÷ {BenchSettings.IssuesSizeDivisor}; {truth.GetValueOrDefault(BenchModules.All[0].Name).Projects} projects), every APS quota on, k = {k}: ") +
            $"two nights through BackupRunner in this process with every module ({string.Join(", ", BenchModules.All.Select(m => m.Name))}; SSA registered with the emulator, client pacing on at the default Aps:Quota:Share, Sheets:ExportPollInterval ÷ k), the second with nothing changed; each module's calls timed at the client";
        var notes = new List<string>
        {
            Invariant($"night 1 {first.Wall.TotalSeconds:F1} s (files and modules), the no-change night {second.Wall.TotalSeconds:F1} s; files: {first.Result.Summary.Copied} copied, {first.Result.Summary.Failed} failed on night 1"),
        };
        notes.AddRange(figures.SelectMany(f => f.Findings()));
        return ScenarioReports.Create(Name, description, settings.IssuesScale, k, workload, Workloads.ModelOf(options.Quotas, clientPacing: true), [], notes)
            with { Modules = figures };
    }

    private static async Task<Night> NightAsync(ScenarioContext context, Hosting.EngineHost host, ModuleCallClock clock, string runId, CancellationToken cancellationToken)
    {
        context.Emulator.ResetStats();
        clock.Reset();
        Console.WriteLine($"  [{Name}] {runId} ...");
        var wall = Stopwatch.StartNew();
        var result = await host.Get<BackupRunner>().RunAsync(new BackupRunRequest(RunId: runId), new RunTimeline(), cancellationToken);
        wall.Stop();
        return new Night(result, context.Emulator.GetStats(), wall.Elapsed, BenchModules.All.ToDictionary(m => m.Name, m => clock.PerProject(m.Name)));
    }

    // The run's own word on the module: its coverage gaps (an issue export's failure among them), and its record count against the truth's.
    private static IEnumerable<string> Problems(BenchModule module, ManifestSummary summary, long truthRecords, string night)
    {
        foreach (var gap in (summary.Modules?.Coverage ?? []).Where(g => g.Module == module.Name))
        {
            yield return $"{night}: {gap.ProjectName} not read ({gap.Reason}): {gap.Detail}";
        }

        if (RecordsOf(module, summary) is not { } records)
        {
            yield return $"{night}: the run kept no {module.Name} (not in its summary)";
        }
        else if (records != truthRecords)
        {
            yield return Invariant($"{night}: {records} {module.Records}, the truth {truthRecords}");
        }
    }

    private static long? RecordsOf(BenchModule module, ManifestSummary summary) => module.Name == Modules.ModuleNames.Issues
        ? summary.Issues?.Issues
        : summary.Modules?.Modules.FirstOrDefault(m => m.Module == module.Name)?.Counts.GetValueOrDefault(module.Records);

    private static async Task<(int Projects, long Records)> TruthCountAsync(HttpClient client, BenchModule module, CancellationToken cancellationToken)
    {
        await using var body = await client.GetStreamAsync(new Uri(module.TruthPath, UriKind.Relative), cancellationToken);
        using var truth = await JsonDocument.ParseAsync(body, cancellationToken: cancellationToken);
        var projects = truth.RootElement.GetProperty("projects").EnumerateArray().ToList();
        return (projects.Count, projects.Sum(p => (long)p.GetProperty(module.Records).EnumerateArray().Count(module.Reached)));
    }

    private static int LimitOf(QuotaOptions quotas, AccEmulator.Endpoints.EndpointCategory category) =>
        quotas.Limits.TryGetValue(category, out var limit) ? limit : quotas.PerUserLimits.GetValueOrDefault(category, int.MaxValue);

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private sealed record Night(BackupRunResult Result, StatsSnapshot Stats, TimeSpan Wall, IReadOnlyDictionary<string, IReadOnlyDictionary<string, int>> PerProject);
}
