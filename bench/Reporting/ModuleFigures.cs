using System.Globalization;

namespace AccBackup.Bench.Reporting;

/// <summary>What the modules scenario measured of one module: its first night against its own quota floor, and what a night with
/// nothing changed asked of its API per project.</summary>
/// <param name="Module">The module's name in <c>Backup:Modules</c>.</param>
/// <param name="Records">The module's records in the first night's summary (issues, sheets, members, RFIs, …).</param>
/// <param name="TruthRecords">The same records in the emulator's truth.</param>
/// <param name="Calls">The module's API requests the emulator answered (not 429) on the first night.</param>
/// <param name="Responses429">The module's requests the emulator refused with 429 on either night (0 when the client's pacing holds).</param>
/// <param name="ExportSeconds">From the module's first request to its last response on the first night, seen from the client.</param>
/// <param name="FirstCallSeconds">When the module's first call started, from the first night's start.</param>
/// <param name="WindowSeconds">The quota window of the emulator and of the client's pacing (60 s ÷ k).</param>
/// <param name="Quotas">Per quota of the module (an endpoint, the app or the user, as its limit is defined): calls, limit, floor.</param>
/// <param name="FloorSeconds">The module's quota floor: the slowest of its quotas, calls ÷ (limit × share) windows.</param>
/// <param name="Ratio">FloorSeconds ÷ ExportSeconds (the target where <see cref="QuotaBound"/>).</param>
/// <param name="BurstFloorSeconds">The least a sliding-window pacer can take: (⌈calls ÷ (limit × share)⌉ − 1) windows, the slowest quota.</param>
/// <param name="QuotaBound">Whether some quota of the module needs more than one window's calls: only then is the quota what bounds its time.</param>
/// <param name="CallsPerWindow">The module's calls started in each window from its first.</param>
/// <param name="ProjectsPerWindow">The projects those calls were for, per window: how many of the module's exports ran at once.</param>
/// <param name="NoChangeCalls">The module's API requests on the night with nothing changed.</param>
/// <param name="NoChangeCallsPerProject">NoChangeCalls ÷ the account's projects.</param>
/// <param name="NoChangeMostInAProject">The most of them one project took.</param>
/// <param name="Problems">Where either night differs from the truth or the run (a failed project, a coverage gap, a 429); empty: verified.</param>
internal sealed record ModuleFigures(
    string Module,
    int Projects,
    long Records,
    long TruthRecords,
    long Calls,
    long Responses429,
    double ExportSeconds,
    double FirstCallSeconds,
    double WindowSeconds,
    IReadOnlyList<ModuleQuotaUse> Quotas,
    double FloorSeconds,
    double Ratio,
    double BurstFloorSeconds,
    double BurstRatio,
    bool QuotaBound,
    IReadOnlyList<int> CallsPerWindow,
    IReadOnlyList<int> ProjectsPerWindow,
    long NoChangeCalls,
    double NoChangeCallsPerProject,
    int NoChangeMostInAProject,
    IReadOnlyList<string> Problems)
{
    /// <summary>The ratio a module's first-night export must reach against its own quota floor (issue 38).</summary>
    public const double Goal = 0.9;

    /// <summary>Whether both nights equal the truth, with no 429.</summary>
    public bool Verified => Problems.Count == 0;

    /// <summary>Whether the module meets <see cref="Goal"/>: verified, and at the goal wherever its quota binds.</summary>
    public bool Met => Verified && (!QuotaBound || Ratio >= Goal);

    /// <summary>The floors and ratios from the counts; <paramref name="quotas"/> holds each quota's calls and limit.</summary>
    public static ModuleFigures Of(
        string module, int projects, long records, long truthRecords, IReadOnlyList<(string Quota, long Calls, int Limit)> quotas, long responses429,
        TimeSpan export, TimeSpan firstCall, TimeSpan window, double share, IReadOnlyList<int> perWindow, IReadOnlyList<int> projectsPerWindow, long noChangeCalls, int noChangeMost, IReadOnlyList<string> problems)
    {
        var windows = window.TotalSeconds;
        var uses = quotas.Select(q => new ModuleQuotaUse(q.Quota, q.Calls, q.Limit,
            Math.Round(q.Calls / (q.Limit * share) * windows, 2), Math.Max(Math.Ceiling(q.Calls / Math.Floor(q.Limit * share)) - 1, 0) * windows)).ToList();
        var floor = uses.Select(u => u.FloorSeconds).DefaultIfEmpty(0).Max();
        var burst = uses.Select(u => u.BurstFloorSeconds).DefaultIfEmpty(0).Max();
        var seconds = Math.Max(export.TotalSeconds, 0.001);
        return new ModuleFigures(module, projects, records, truthRecords, quotas.Sum(q => q.Calls), responses429, Math.Round(export.TotalSeconds, 2), Math.Round(firstCall.TotalSeconds, 2), windows, uses,
            floor, Math.Round(floor / seconds, 3), Math.Round(burst, 2), Math.Round(burst / seconds, 3), uses.Any(u => u.Calls > Math.Floor(u.Limit * share)), perWindow, projectsPerWindow,
            noChangeCalls, Math.Round(noChangeCalls / (double)Math.Max(projects, 1), 2), noChangeMost, problems);
    }

    /// <summary>One line for the console.</summary>
    public string Describe() => F($"{Module}: {Records} records (truth {TruthRecords}), {Calls} calls ({Responses429} × 429) in {ExportSeconds:F1} s; floor {FloorSeconds:F1} s → {Ratio:F2}{(QuotaBound ? "" : " (fits one window: not quota-bound)")}; no-change night {NoChangeCalls} calls, {NoChangeCallsPerProject:F2} a project; verified {Verified}");

    /// <summary>The module's findings.</summary>
    public IReadOnlyList<string> Findings() =>
    [
        F($"{Module}: {Records} records in {Projects} projects (the truth {TruthRecords}); {Calls} calls answered, {Responses429} × 429; from the first call ({FirstCallSeconds:F1} s into the night) to the last {ExportSeconds:F2} s = {ExportSeconds / WindowSeconds:F2} windows of {WindowSeconds:0.###} s; calls per window {string.Join(", ", CallsPerWindow)}, for projects per window {string.Join(", ", ProjectsPerWindow)}"),
        F($"{Module} quota floor: {string.Join("; ", Quotas.Select(q => F($"{q.Quota} {q.Calls} ÷ {q.Limit} = {q.FloorSeconds:F2} s")))}; the slowest {FloorSeconds:F2} s, ÷ time {Ratio:F3} (target ≥ {Goal}{(QuotaBound ? "" : F($"; not applied: every quota's calls fit one window, so the time is latency and the run's schedule, not the quota"))}); the sliding-window least {BurstFloorSeconds:F1} s, ÷ time {BurstRatio:F3}"),
        F($"{Module} on the no-change night: {NoChangeCalls} calls for {Projects} projects = {NoChangeCallsPerProject:F2} a project (the most in one project {NoChangeMostInAProject})"),
        .. Problems.Take(10).Select(p => Module + ": " + p),
    ];

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
