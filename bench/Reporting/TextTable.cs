using System.Text;

namespace AccBackup.Bench.Reporting;

/// <summary>A table rendered as aligned plain text (terminal) or as a Markdown table.</summary>
internal sealed class TextTable(params string[] headers)
{
    private readonly List<string[]> rows = [];

    public TextTable Add(params string[] cells)
    {
        rows.Add(cells);
        return this;
    }

    public string ToText()
    {
        var widths = headers.Select((h, i) => rows.Select(r => r[i].Length).Append(h.Length).Max()).ToArray();
        var text = new StringBuilder();
        Line(text, headers, widths);
        text.AppendLine(string.Join("  ", widths.Select(w => new string('-', w))));
        foreach (var row in rows)
        {
            Line(text, row, widths);
        }

        return text.ToString();
    }

    public string ToMarkdown()
    {
        var text = new StringBuilder();
        text.Append("| ").AppendJoin(" | ", headers).AppendLine(" |");
        text.Append('|').AppendJoin('|', headers.Select(_ => "---")).AppendLine("|");
        foreach (var row in rows)
        {
            text.Append("| ").AppendJoin(" | ", row.Select(c => c.Replace("|", "\\|", StringComparison.Ordinal))).AppendLine(" |");
        }

        return text.ToString();
    }

    private static void Line(StringBuilder text, string[] cells, int[] widths) =>
        text.AppendLine(string.Join("  ", cells.Select((c, i) => i == 0 ? c.PadRight(widths[i]) : c.PadLeft(widths[i]))).TrimEnd());
}
