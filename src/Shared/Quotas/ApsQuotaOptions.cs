using System.ComponentModel.DataAnnotations;
using AccBackup.Acc;

namespace AccBackup.Quotas;

/// <summary>Client-side pacing to APS's documented per-minute quotas: section <c>Aps:Quota</c>.</summary>
public sealed class ApsQuotaOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = ApsOptions.SectionName + ":Quota";

    /// <summary>Whether the client paces itself to the quotas. Default: true. Off only for tests and benchmarks.</summary>
    public bool Enabled { get; set; } = true;

    /// <summary>Share of each documented APS quota this client may use, 0.1–1. Default: 0.9.</summary>
    /// <remarks>Quotas are per app, not per machine: with <see cref="Scope"/> Process, lower this when several workers share one app.</remarks>
    [Range(0.1, 1.0, ErrorMessage = SectionName + ":Share must be between 0.1 and 1.")]
    public double Share { get; set; } = 0.9;

    /// <summary>Who shares <see cref="Share"/>: this process alone, or every process using the backup container. Default: Process.</summary>
    /// <remarks>Shared keeps scaled-out Function App instances together under the share (see <see cref="IApsQuotaBudget"/>).</remarks>
    public ApsQuotaScope Scope { get; set; } = ApsQuotaScope.Process;

    /// <summary>The period APS counts each quota over; the documented per-minute limits scale with it. Default: 00:01:00.</summary>
    /// <remarks>Shorter only against an emulator that counts the same way (tests); APS itself counts per minute.</remarks>
    [Range(typeof(TimeSpan), "00:00:01", "01:00:00", ErrorMessage = SectionName + ":Window must be between 00:00:01 and 01:00:00.")]
    public TimeSpan Window { get; set; } = TimeSpan.FromMinutes(1);
}
