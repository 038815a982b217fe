using System.Globalization;
using System.Text;
using System.Text.Json;

namespace AccBackup.Bench.Reporting;

/// <summary>Renders a <see cref="BenchReport"/> for the terminal, as Markdown and as JSON.</summary>
internal static class ReportWriter
{
    private static readonly JsonSerializerOptions Json = new() { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

    public static string ToJson(BenchReport report) => JsonSerializer.Serialize(report, Json);

    public static string ToText(BenchReport report) => Render(report, markdown: false);

    public static string ToMarkdown(BenchReport report) => Render(report, markdown: true);

    private static string Render(BenchReport report, bool markdown)
    {
        var text = new StringBuilder();
        text.AppendLine(markdown ? "# Backup benchmark (issues 8 and 16)" : "=== Backup benchmark (issues 8 and 16) ===");
        text.AppendLine();
        text.AppendLine(Para(markdown, $"{report.Mode} run, {report.GeneratedAt}, {report.TotalSeconds:F0} s in all. Command: `{report.Command}`"));
        text.AppendLine(Para(markdown, report.VariantNames));
        text.AppendLine(markdown ? "## Parameters" : "Parameters:");
        text.AppendLine();
        foreach (var line in report.Parameters)
        {
            text.AppendLine((markdown ? "- " : "  ") + line);
        }

        foreach (var scenario in report.Scenarios)
        {
            text.AppendLine();
            text.AppendLine(markdown ? $"## {scenario.Name}" : $"--- {scenario.Name} ---");
            text.AppendLine();
            text.AppendLine(Para(markdown, scenario.Description));
            text.AppendLine(Para(markdown, F($"ideal {scenario.IdealSeconds:F1} s, bound: {scenario.Bound} (bandwidth {scenario.Ideal.BandwidthSeconds:F1} s, signed URLs {scenario.Ideal.SignedUrlSeconds:F1} s, folder listings {scenario.Ideal.ListingSeconds:F1} s); the engine's own floor at Aps:Quota:Share {scenario.Quotas.ClientShare}: {scenario.Ideal.FloorSeconds:F1} s. Computed from the options run with: quota window {scenario.Quotas.Window.TotalSeconds:0.###} s, contents {scenario.Quotas.ContentsPerWindow} and OSS {scenario.Quotas.SignedUrlsPerWindow} per window, {scenario.Quotas.TotalBytesPerSecond / 1e6:0} MB/s")));
            // The issues scenario runs in this process, no variant of its own: its figures are its findings.
            var table = VariantTable(scenario);
            text.AppendLine(scenario.Variants.Count == 0 ? "" : markdown ? table.ToMarkdown() : table.ToText());
            text.AppendLine(scenario.Variants.Count == 0 ? "" : Para(markdown, F($"ratios: fullToIdeal {Ratio(scenario.Ratios.FullToIdeal)}, fullToFloor {Ratio(scenario.Ratios.FullToFloor)}, speedupOverSeedParallel {Ratio(scenario.Ratios.SpeedupOverSeedParallel)}, noChangeToFull {Ratio(scenario.Ratios.NoChangeToFull)}") +
                (scenario.Ratios.ProjectedMinutes is { } minutes ? F($"; projected at k = 1: this account {minutes:F1} min, the real account (scale 1.0) {scenario.Ratios.ProjectedRealAccountMinutes:F1} min") : "")));
            foreach (var note in scenario.Variants.Where(v => v.Note is not null).Select(v => $"{v.Name}: {v.Note}").Concat(scenario.Findings))
            {
                text.AppendLine((markdown ? "- " : "  * ") + note);
            }

            foreach (var v in scenario.Variants.Where(v => !v.Verified || v.Warnings > 0))
            {
                text.AppendLine((markdown ? "- " : "  ! ") + F($"{v.Name}: verified {v.Verified} ({v.Verification.Files} files, {v.Verification.Hashed} read back and hashed, {v.Verification.Missing} missing, {v.Verification.Different} different); {v.Warnings} warnings logged") +
                    string.Concat(v.Verification.Problems.Concat(v.FirstWarnings).Take(5).Select(p => "; " + p)));
            }
        }

        if (report.Curve.Count > 0)
        {
            text.AppendLine();
            text.AppendLine(markdown ? "## Scaling curve" : "--- scaling curve ---");
            text.AppendLine();
            text.AppendLine(Para(markdown, "engine-full on the quota-bound account at each scale (time compressed k-fold, see Parameters); plot: scaling.svg beside this file."));
            var curve = new TextTable("scale", "files", "folder pages", "ideal s", "floor s", "engine-full s", "÷ floor", "÷ ideal", "at k = 1 min", "peak RSS MB", "manifest MB", "CPU s / 1k files", "largest activity payload B", "durable largest input/output B, events ≤", "429s", "verified");
            foreach (var p in report.Curve)
            {
                curve.Add(F($"{p.Scale}"), F($"{p.Files}"), F($"{p.FolderPages}"), F($"{p.IdealSeconds:F1}"), F($"{p.FloorSeconds:F1}"), F($"{p.WallSeconds:F1}"), F($"{p.FullToFloor:F2}"), F($"{p.FullToIdeal:F2}"),
                    F($"{p.ProjectedMinutes:F0}"), F($"{p.PeakRssMb:F0}"), F($"{p.ManifestMb:F1}"), F($"{p.CpuSecondsPerThousandFiles:F1}"), F($"{p.LargestPayloadBytes}"),
                    p.DurableLargestInputBytes is { } input ? F($"{input}/{p.DurableLargestOutputBytes}, {p.DurableHistoryEventsBound}") : "-", F($"{p.Responses429}"), p.Verified ? "yes" : "NO");
            }

            text.AppendLine(markdown ? curve.ToMarkdown() : curve.ToText());
        }

        text.AppendLine();
        text.AppendLine(markdown ? "## Targets" : "--- targets ---");
        text.AppendLine();
        var targets = new TextTable("target", "measured", "met", "what limits it");
        foreach (var t in report.Targets)
        {
            targets.Add(t.Target, t.Measured, t.Met ? "yes" : "NO", t.Limit);
        }

        text.AppendLine(markdown ? targets.ToMarkdown() : targets.ToText());
        text.AppendLine(Para(markdown, report.AllVerified ? "Every variant verified against the emulator's truth." : "NOT every variant verified: see above."));
        return text.ToString();
    }

    private static TextTable VariantTable(ScenarioReport scenario)
    {
        var table = new TextTable("variant", "wall s", "MB/s", "files/s", "APS calls (contents/OSS/other)", "429s", "copied/unchanged/failed", "MB through worker", "downloads in flight avg/peak",
            "peak RSS MB (own process)", "alloc MB", "CPU s copier/emulator/Azurite", "copier CPU s / 1k files", "cores busy ours/machine", "verified");
        foreach (var v in scenario.Variants)
        {
            var other = v.ApsCalls.Where(c => c.Key is not ("FolderContents" or "Oss")).Sum(c => c.Value);
            table.Add(
                v.Name,
                F($"{v.WallSeconds:F1}"),
                F($"{v.MbPerSecond:F1}"),
                F($"{v.FilesPerSecond:F1}"),
                F($"{v.ApsCalls.GetValueOrDefault("FolderContents")}/{v.ApsCalls.GetValueOrDefault("Oss")}/{other}"),
                F($"{v.Responses429}"),
                F($"{v.FilesCopied}/{v.FilesUnchanged}/{v.FilesFailed}"),
                F($"{v.WorkerMb:F0}"),
                F($"{v.DownloadsInFlightAverage:F1}/{v.DownloadsInFlightPeak}"),
                F($"{v.PeakRssMb:F0}"),
                F($"{v.AllocatedMb:F0}"),
                F($"{v.EngineCpuSeconds:F1}/{v.EmulatorCpuSeconds:F1}/{v.AzuriteCpuSeconds:F1}"),
                F($"{v.CpuSecondsPerThousandFiles:F1}"),
                F($"{v.CpuCores:F2}/{v.MachineBusyCores:F2}"),
                v.Verified ? "yes" : "NO");
        }

        return table;
    }

    private static string Para(bool markdown, string line) => markdown ? line + "\n" : line;

    private static string Ratio(double? value) => value is { } v ? v.ToString("F2", CultureInfo.InvariantCulture) : "n/a";

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
