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

    /// <summary>Share of each documented APS quota this client may use, 0.1–1. Default: 1 (the whole quota).</summary>
    /// <remarks>
    /// Quotas are per app (client id), not per machine. The backup owns its app, so it takes all of it; lower this when
    /// the app is shared with other integrations, or, with <see cref="Scope"/> Process, with other workers. The safety
    /// margin is in time (<see cref="WindowMargin"/>), not in count: a count margin leaves that much of every minute unused.
    /// </remarks>
    [Range(0.1, 1.0, ErrorMessage = SectionName + ":Share must be between 0.1 and 1.")]
    public double Share { get; set; } = 1.0;

    /// <summary>Who shares <see cref="Share"/>: this process alone, or every process using the backup container. Default: Process.</summary>
    /// <remarks>Shared keeps scaled-out Function App instances together under the share (see <see cref="IApsQuotaBudget"/>).</remarks>
    public ApsQuotaScope Scope { get; set; } = ApsQuotaScope.Process;

    /// <summary>The period APS counts each quota over; the documented per-minute limits scale with it. Default: 00:01:00.</summary>
    /// <remarks>Shorter only against an emulator that counts the same way (tests); APS itself counts per minute.</remarks>
    [Range(typeof(TimeSpan), "00:00:01", "01:00:00", ErrorMessage = SectionName + ":Window must be between 00:00:01 and 01:00:00.")]
    public TimeSpan Window { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>How much longer than <see cref="Window"/> each call counts against its quota. Default: 00:00:00.5.</summary>
    /// <remarks>
    /// Each call already counts from its grant until a window after its response, and APS counts a call between the two
    /// (when it arrives), so latency and its jitter need no margin: any quota + 1 calls arrive at least a window apart.
    /// The margin covers only what the client cannot see: APS's clock and ours running at slightly different rates, and
    /// the time between APS counting a response and this process seeing it. Costs margin ÷ (window + margin) of the
    /// rate (≈ 0.8 % at the defaults; 2 s, the earlier default, cost 3 %). Process scope; the Shared scope counts one
    /// slice (a twentieth of the window) more instead.
    /// </remarks>
    public TimeSpan WindowMargin { get; set; } = TimeSpan.FromMilliseconds(500);
}
