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
        text.AppendLine(markdown ? "# Backup benchmark (issue 8)" : "=== Backup benchmark (issue 8) ===");
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
            text.AppendLine(Para(markdown, F($"ideal {scenario.IdealSeconds:F1} s, bound: {scenario.Bound} (bandwidth {scenario.Ideal.BandwidthSeconds:F1} s, signed URLs {scenario.Ideal.SignedUrlSeconds:F1} s, folder listings {scenario.Ideal.ListingSeconds:F1} s)")));
            var table = VariantTable(scenario);
            text.AppendLine(markdown ? table.ToMarkdown() : table.ToText());
            text.AppendLine(Para(markdown, F($"ratios: fullToIdeal {Ratio(scenario.Ratios.FullToIdeal)}, speedupOverSeedParallel {Ratio(scenario.Ratios.SpeedupOverSeedParallel)}, noChangeToFull {Ratio(scenario.Ratios.NoChangeToFull)}")));
            foreach (var note in scenario.Variants.Where(v => v.Note is not null).Select(v => $"{v.Name}: {v.Note}").Concat(scenario.Findings))
            {
                text.AppendLine((markdown ? "- " : "  * ") + note);
            }

            foreach (var v in scenario.Variants.Where(v => !v.Verified || v.Warnings > 0))
            {
                text.AppendLine((markdown ? "- " : "  ! ") + F($"{v.Name}: verified {v.Verified} ({v.Verification.Files} files, {v.Verification.Missing} missing, {v.Verification.Different} different); {v.Warnings} warnings logged") +
                    string.Concat(v.Verification.Problems.Concat(v.FirstWarnings).Take(5).Select(p => "; " + p)));
            }
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
        var table = new TextTable("variant", "wall s", "MB/s", "files/s", "APS calls (contents/OSS/other)", "429s", "copied/unchanged/failed", "downloads in flight avg/peak", "peak RSS MB", "alloc MB", "CPU cores ours/machine", "verified");
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
                F($"{v.DownloadsInFlightAverage:F1}/{v.DownloadsInFlightPeak}"),
                F($"{v.PeakRssMb:F0}"),
                F($"{v.AllocatedMb:F0}"),
                F($"{v.CpuCores:F2}/{v.MachineBusyCores:F2}"),
                v.Verified ? "yes" : "NO");
        }

        return table;
    }

    private static string Para(bool markdown, string line) => markdown ? line + "\n" : line;

    private static string Ratio(double? value) => value is { } v ? v.ToString("F2", CultureInfo.InvariantCulture) : "n/a";

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
