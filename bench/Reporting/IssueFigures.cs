using System.Globalization;

namespace AccBackup.Bench.Reporting;

/// <summary>What the issues scenario measured: one first-night export of the account's issues against the Issues quota.</summary>
/// <param name="IssueCalls">Issues API requests the emulator answered with success (each counts against the per-user quota).</param>
/// <param name="Responses429">Issues API requests the emulator refused with 429 (0 when the client's pacing holds).</param>
/// <param name="ExportSeconds">From the Issues client's first request to its last response (the SSA token exchange not included).</param>
/// <param name="WindowSeconds">The quota window of the emulator and of the client's pacing (60 s ÷ k).</param>
/// <param name="PerUserLimit">Issues requests allowed per window per user (APS: 500 a minute).</param>
/// <param name="Share">The client's Aps:Quota:Share (the product's default).</param>
/// <param name="FloorSeconds">The engine's own floor: calls ÷ (limit × share) windows.</param>
/// <param name="FullQuotaFloorSeconds">The floor at the whole quota: calls ÷ limit windows.</param>
/// <param name="Ratio">FloorSeconds ÷ ExportSeconds (the target).</param>
/// <param name="FullQuotaRatio">FullQuotaFloorSeconds ÷ ExportSeconds.</param>
/// <param name="CallsPerWindow">Issues calls the client started in each window from its first call.</param>
/// <param name="BurstFloorSeconds">The least a sliding-window pacer can take: (⌈calls ÷ (limit × share)⌉ − 1) windows, each window's calls sent at once.</param>
/// <param name="BurstRatio">BurstFloorSeconds ÷ ExportSeconds.</param>
/// <param name="RunSeconds">The whole backup run's wall (files and issues).</param>
/// <param name="Problems">Where the export differs from the emulator's truth (empty: verified).</param>
internal sealed record IssueFigures(
    int Projects,
    long Issues,
    long DeletedIssues,
    long Comments,
    long Attachments,
    long AttachmentFailures,
    long IssueCalls,
    long Responses429,
    double ExportSeconds,
    double WindowSeconds,
    int PerUserLimit,
    double Share,
    double FloorSeconds,
    double FullQuotaFloorSeconds,
    double Ratio,
    double FullQuotaRatio,
    double RunSeconds,
    int AttachmentsHashed,
    IReadOnlyList<int> CallsPerWindow,
    double BurstFloorSeconds,
    double BurstRatio,
    IReadOnlyList<string> Problems)
{
    /// <summary>Of <see cref="Attachments"/>, the Docs file versions referenced: the file backup holds their bytes.</summary>
    public long AttachmentsReferenced { get; init; }

    /// <summary>The ratio the engine's issue export must reach against its own floor.</summary>
    public const double Goal = 0.9;

    /// <summary>Whether the export equals the emulator's truth.</summary>
    public bool Verified => Problems.Count == 0;

    /// <summary>Computes the floors and ratios from the counts.</summary>
    public static IssueFigures Of(
        int projects, long issues, long deleted, long comments, long attachments, long attachmentFailures, long calls, long responses429,
        TimeSpan export, TimeSpan window, int limit, double share, TimeSpan run, int hashed, IReadOnlyList<int> perWindow, IReadOnlyList<string> problems)
    {
        var windows = window.TotalSeconds;
        var floor = calls / (limit * share) * windows;
        var fullFloor = calls / (double)limit * windows;
        var seconds = Math.Max(export.TotalSeconds, 0.001);
        var burstFloor = Math.Max(Math.Ceiling(calls / Math.Floor(limit * share)) - 1, 0) * windows;
        return new IssueFigures(projects, issues, deleted, comments, attachments, attachmentFailures, calls, responses429, Math.Round(export.TotalSeconds, 2), windows, limit, share,
            Math.Round(floor, 2), Math.Round(fullFloor, 2), Math.Round(floor / seconds, 3), Math.Round(fullFloor / seconds, 3), Math.Round(run.TotalSeconds, 2), hashed,
            perWindow, Math.Round(burstFloor, 2), Math.Round(burstFloor / seconds, 3), problems);
    }

    /// <summary>One line for the console.</summary>
    public string Describe() => F($"{Issues} issues ({DeletedIssues} deleted) in {Projects} projects, {Comments} comments, {Attachments} attachments; {IssueCalls} Issues calls ({Responses429} 429s) in {ExportSeconds:F1} s; floor {FloorSeconds:F1} s at {PerUserLimit} × {Share} per {WindowSeconds:0.###} s window → {Ratio:F2} (full quota: {FullQuotaFloorSeconds:F1} s → {FullQuotaRatio:F2}); verified {Verified}");

    /// <summary>The scenario's findings.</summary>
    public IReadOnlyList<string> Findings() =>
    [
        F($"exported {Issues} issues ({DeletedIssues} deleted) of {Projects} projects, {Comments} comments, {Attachments} attachments ({AttachmentsReferenced} Docs files referenced, {AttachmentFailures} not stored); the run's wall {RunSeconds:F1} s (files and issues)"),
        F($"Issues API: {IssueCalls} calls answered, {Responses429} 429s; from the first Issues call to the last {ExportSeconds:F2} s = {ExportSeconds / WindowSeconds:F2} windows of {WindowSeconds:0.###} s"),
        F($"quota floor at the engine's share: {IssueCalls} ÷ ({PerUserLimit} × {Share}) = {IssueCalls / (PerUserLimit * Share):F2} windows = {FloorSeconds:F2} s; floor ÷ time {Ratio:F3} (target ≥ {Goal})"),
        F($"against the full quota: {IssueCalls} ÷ {PerUserLimit} = {IssueCalls / (double)PerUserLimit:F2} windows = {FullQuotaFloorSeconds:F2} s; floor ÷ time {FullQuotaRatio:F3}"),
        F($"floors are sustained-rate times: a run can beat them by up to one window (its first window's burst); the client's pacing allows at most {Math.Floor(PerUserLimit * Share):F0} calls in any {WindowSeconds:0.###} s, so the least it can take is (⌈{IssueCalls} ÷ {Math.Floor(PerUserLimit * Share):F0}⌉ − 1) windows = {BurstFloorSeconds:F1} s (each window's calls sent at once, the last one's in no time): ÷ time {BurstRatio:F3}"),
        F($"Issues calls started per {WindowSeconds:0.###} s window from the first call: {string.Join(", ", CallsPerWindow)}"),
        F($"verified against the emulator's truth: every project's issue count and issues, comments, and {AttachmentsHashed} attachments read back and hashed (SHA-256): {(Verified ? "equal" : "different")}"),
        .. Problems.Take(10),
    ];

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
