using System.Globalization;
using System.Net;
using System.Text;

namespace AccBackup.Bench.Reporting;

/// <summary>The scaling curve as an SVG (written by hand: three small panels on a log scale of the account's size).</summary>
internal static class CurvePlot
{
    private const int PanelWidth = 300;
    private const int PanelHeight = 240;
    private const int Left = 50;
    private const int Top = 40;
    private const int Bottom = 45;

    private sealed record Series(string Name, string Color, IReadOnlyList<(double X, double Y)> Points);

    private sealed record Panel(string Title, double YMax, IReadOnlyList<Series> Lines, IReadOnlyList<(double Y, string Label)> Targets);

    public static string ToSvg(IReadOnlyList<CurvePoint> curve, string caption)
    {
        var panels = new[]
        {
            new Panel("engine-full / floor and / ideal", 1.2,
            [
                new Series("÷ floor (quota share)", "#1f77b4", curve.Select(p => (p.Scale, p.FullToFloor)).ToList()),
                new Series("÷ ideal", "#ff7f0e", curve.Select(p => (p.Scale, p.FullToIdeal)).ToList()),
            ], [(0.95, "0.95")]),
            new Panel("peak RSS of the engine process, MB", Math.Max(400, curve.Select(p => p.PeakRssMb).DefaultIfEmpty(0).Max() * 1.2),
            [
                new Series("peak RSS", "#2ca02c", curve.Select(p => (p.Scale, p.PeakRssMb)).ToList()),
                new Series("manifest.json", "#9467bd", curve.Select(p => (p.Scale, p.ManifestMb)).ToList()),
            ], [(Targets.RssLimitMb, "300 MB")]),
            new Panel("copier CPU s per 1,000 files", Math.Max(1, curve.Select(p => p.CpuSecondsPerThousandFiles).DefaultIfEmpty(0).Max() * 1.3),
            [
                new Series("CPU s / 1,000 files", "#d62728", curve.Select(p => (p.Scale, p.CpuSecondsPerThousandFiles)).ToList()),
            ], []),
        };

        var width = panels.Length * (PanelWidth + Left + 20);
        var height = Top + PanelHeight + Bottom + 30;
        var svg = new StringBuilder();
        svg.Append(F($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n"));
        svg.Append(F($"<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"));
        var xs = curve.Select(p => p.Scale).Where(s => s > 0).ToList();
        var (xMin, xMax) = xs.Count == 0 ? (0.1, 1.0) : (xs.Min() / 1.3, xs.Max() * 1.3);
        for (var i = 0; i < panels.Length; i++)
        {
            DrawPanel(svg, panels[i], i * (PanelWidth + Left + 20) + Left, xs, xMin, xMax);
        }

        svg.Append(F($"<text x=\"10\" y=\"{height - 8}\" fill=\"#444\">{WebUtility.HtmlEncode(caption)}</text>\n"));
        svg.Append("</svg>\n");
        return svg.ToString();
    }

    private static void DrawPanel(StringBuilder svg, Panel panel, int x0, IReadOnlyList<double> ticks, double xMin, double xMax)
    {
        double X(double scale) => x0 + ((Math.Log(scale) - Math.Log(xMin)) / (Math.Log(xMax) - Math.Log(xMin)) * PanelWidth);
        double Y(double value) => Top + PanelHeight - (Math.Clamp(value, 0, panel.YMax) / panel.YMax * PanelHeight);

        svg.Append(F($"<text x=\"{x0}\" y=\"{Top - 22}\" font-weight=\"bold\">{WebUtility.HtmlEncode(panel.Title)}</text>\n"));
        svg.Append(F($"<rect x=\"{x0}\" y=\"{Top}\" width=\"{PanelWidth}\" height=\"{PanelHeight}\" fill=\"none\" stroke=\"#888\"/>\n"));
        for (var g = 0; g <= 4; g++)
        {
            var value = panel.YMax * g / 4;
            svg.Append(F($"<text x=\"{x0 - 5}\" y=\"{Y(value) + 4:F1}\" text-anchor=\"end\" fill=\"#444\">{Label(value)}</text>\n"));
        }

        foreach (var tick in ticks)
        {
            svg.Append(F($"<line x1=\"{X(tick):F1}\" y1=\"{Top + PanelHeight}\" x2=\"{X(tick):F1}\" y2=\"{Top + PanelHeight + 4}\" stroke=\"#888\"/>\n"));
            svg.Append(F($"<text x=\"{X(tick):F1}\" y=\"{Top + PanelHeight + 16}\" text-anchor=\"middle\" fill=\"#444\">{tick}</text>\n"));
        }

        svg.Append(F($"<text x=\"{x0 + (PanelWidth / 2)}\" y=\"{Top + PanelHeight + 32}\" text-anchor=\"middle\" fill=\"#444\">account scale (1.0 = 40,230 files), log</text>\n"));
        foreach (var (y, label) in panel.Targets)
        {
            svg.Append(F($"<line x1=\"{x0}\" y1=\"{Y(y):F1}\" x2=\"{x0 + PanelWidth}\" y2=\"{Y(y):F1}\" stroke=\"#aaa\" stroke-dasharray=\"4 3\"/>\n"));
            svg.Append(F($"<text x=\"{x0 + PanelWidth - 3}\" y=\"{Y(y) - 3:F1}\" text-anchor=\"end\" fill=\"#888\">target {WebUtility.HtmlEncode(label)}</text>\n"));
        }

        for (var s = 0; s < panel.Lines.Count; s++)
        {
            var series = panel.Lines[s];
            var points = series.Points.Where(p => p.X > 0).OrderBy(p => p.X).ToList();
            svg.Append(F($"<polyline fill=\"none\" stroke=\"{series.Color}\" stroke-width=\"2\" points=\"{string.Join(' ', points.Select(p => F($"{X(p.X):F1},{Y(p.Y):F1}")))}\"/>\n"));
            foreach (var p in points)
            {
                svg.Append(F($"<circle cx=\"{X(p.X):F1}\" cy=\"{Y(p.Y):F1}\" r=\"3\" fill=\"{series.Color}\"><title>{p.X}: {Label(p.Y)}</title></circle>\n"));
            }

            svg.Append(F($"<text x=\"{x0 + 6}\" y=\"{Top + 14 + (s * 14)}\" fill=\"{series.Color}\">{WebUtility.HtmlEncode(series.Name)}</text>\n"));
        }
    }

    private static string Label(double value) => value >= 10 ? value.ToString("F0", CultureInfo.InvariantCulture) : value.ToString("0.##", CultureInfo.InvariantCulture);

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
