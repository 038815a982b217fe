using System.ComponentModel.DataAnnotations;

namespace AccBackup.Modules.Sheets;

/// <summary>How the Sheets export waits for the PDFs ACC renders.</summary>
public sealed class SheetsOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Sheets";

    /// <summary>How long between two polls of a PDF export. Default: 00:00:05.</summary>
    [Range(typeof(TimeSpan), "00:00:00.010", "00:05:00")]
    public TimeSpan ExportPollInterval { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>How long one PDF export may take before it is recorded as not stored (the next night tries again); below the
    /// hour its signed URL lasts. Default: 00:20:00.</summary>
    [Range(typeof(TimeSpan), "00:00:01", "00:50:00")]
    public TimeSpan ExportTimeout { get; set; } = TimeSpan.FromMinutes(20);

    /// <summary>Version sets whose PDFs are exported at once in one project (each export polls; the exports quota is 100/min). Default: 4.</summary>
    [Range(1, 32)]
    public int ParallelExports { get; set; } = 4;
}
