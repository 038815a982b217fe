using System.ComponentModel.DataAnnotations;

namespace AccBackup.Modules.Forms;

/// <summary>How the Forms export reads changes: by <c>updatedAfter</c> after the first night, every form now and then.</summary>
public sealed class FormsOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Forms";

    /// <summary>How far before the previous export's start a night's <c>updatedAfter</c> begins, for clocks that disagree and
    /// changes saved while that export read. Default: 00:15:00.</summary>
    [Range(typeof(TimeSpan), "00:00:00", "1.00:00:00")]
    public TimeSpan UpdatedOverlap { get; set; } = TimeSpan.FromMinutes(15);

    /// <summary>List every form at least this often (one call per 50), so a form ACC no longer lists (discarded) leaves the
    /// snapshot; the nights between list only those updated. Default: 7.</summary>
    [Range(1, 366)]
    public int FullReadEveryDays { get; set; } = 7;
}
