using System.Globalization;
using System.Text;

namespace AccEmulator.Sheets;

/// <summary>Renders what an export returns: a real (minimal) PDF, one page per sheet in the order asked, with the sheet's
/// number, title and version set, and each published markup's text when markups are included. The bytes depend only on
/// those, so the truth can render the same PDF and give its SHA-256.</summary>
internal static class SheetPdf
{
    public static byte[] Render(IReadOnlyList<EmulatedSheet> sheets, bool publishedMarkups)
    {
        var objects = new List<string>
        {
            "<< /Type /Catalog /Pages 2 0 R >>",
            "", // the page tree, once the pages are numbered
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        };
        var pages = new List<int>();
        foreach (var sheet in sheets)
        {
            var lines = new List<string> { $"{sheet.Number} {sheet.Title}", $"{sheet.VersionSet.Name} ({sheet.VersionSet.IssuanceDate:yyyy-MM-dd})" };
            if (publishedMarkups)
            {
                lines.AddRange(sheet.PublishedMarkups.Select(m => $"Markup {m.Id:N}: {m.Text} ({m.By.Name})"));
            }

            var content = new StringBuilder("BT /F1 12 Tf 40 800 Td 16 TL");
            foreach (var line in lines)
            {
                content.Append(" (").Append(Escape(line)).Append(") Tj T*");
            }

            content.Append(" ET");
            var stream = content.ToString();
            objects.Add(string.Create(CultureInfo.InvariantCulture, $"<< /Length {Encoding.ASCII.GetByteCount(stream)} >>\nstream\n{stream}\nendstream"));
            var contentNumber = objects.Count;
            objects.Add(string.Create(CultureInfo.InvariantCulture,
                $"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {Width(sheet.PaperSize)} 842] /Resources << /Font << /F1 3 0 R >> >> /Contents {contentNumber} 0 R >>"));
            pages.Add(objects.Count);
        }

        objects[1] = string.Create(CultureInfo.InvariantCulture,
            $"<< /Type /Pages /Kids [{string.Join(' ', pages.Select(p => p.ToString(CultureInfo.InvariantCulture) + " 0 R"))}] /Count {pages.Count} >>");
        var pdf = new StringBuilder("%PDF-1.4\n");
        var offsets = new List<int>();
        for (var i = 0; i < objects.Count; i++)
        {
            offsets.Add(Encoding.ASCII.GetByteCount(pdf.ToString()));
            pdf.Append(CultureInfo.InvariantCulture, $"{i + 1} 0 obj\n{objects[i]}\nendobj\n");
        }

        var xref = Encoding.ASCII.GetByteCount(pdf.ToString());
        pdf.Append(CultureInfo.InvariantCulture, $"xref\n0 {objects.Count + 1}\n0000000000 65535 f \n");
        foreach (var offset in offsets)
        {
            pdf.Append(CultureInfo.InvariantCulture, $"{offset:D10} 00000 n \n");
        }

        pdf.Append(CultureInfo.InvariantCulture, $"trailer\n<< /Size {objects.Count + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n");
        return Encoding.ASCII.GetBytes(pdf.ToString());
    }

    private static int Width(string paperSize) => paperSize.StartsWith("A1", StringComparison.Ordinal) ? 1684 : 1191;

    // PDF literal strings: backslash and parentheses escaped; anything outside printable ASCII becomes '?'.
    private static string Escape(string text) =>
        string.Concat(text.Select(c => c switch
        {
            '\\' or '(' or ')' => "\\" + c,
            < ' ' or > '~' => "?",
            _ => c.ToString(),
        }));
}
