using System.ComponentModel.DataAnnotations;

namespace AccBackup.Modules.Rfis;

/// <summary>How the RFIs export reads changes: by <c>updatedAt</c> after the first night, every RFI now and then.</summary>
public sealed class RfisOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Rfis";

    /// <summary>How far before the previous export's start a night's <c>filter.updatedAt</c> range begins, for clocks that
    /// disagree and changes saved while that export read. Default: 00:15:00.</summary>
    [Range(typeof(TimeSpan), "00:00:00", "1.00:00:00")]
    public TimeSpan UpdatedOverlap { get; set; } = TimeSpan.FromMinutes(15);

    /// <summary>List every RFI at least this often (one search call per 200), so an RFI ACC no longer lists leaves the snapshot;
    /// the nights between list only those updated. Default: 7.</summary>
    [Range(1, 366)]
    public int FullReadEveryDays { get; set; } = 7;
}
