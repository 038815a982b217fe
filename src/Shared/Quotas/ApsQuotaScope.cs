using AccBackup.Acc;

namespace AccBackup.Quotas;

/// <summary>Who shares the client-side APS budget of <see cref="ApsOptions.Quota.Share"/>: <c>Aps:Quota:Scope</c>.</summary>
public enum ApsQuotaScope
{
    /// <summary>This process alone paces itself to the share (a sliding log per endpoint in memory); right for one CLI run.</summary>
    Process,

    /// <summary>Every process backing up into the same container takes from one budget kept beside the backup (scale-out).</summary>
    Shared,
}
