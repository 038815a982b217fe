using AccBackup.Acc;
using AccBackup.Quotas.ProcessScope;

namespace AccBackup.Quotas;

/// <summary>One granted APS call; dispose it exactly once, when the response has arrived (or the call failed).</summary>
/// <remarks>Process scope counts the call against its window until then (<see cref="ApsQuotaLog"/>); otherwise disposing does nothing.</remarks>
public readonly struct ApsQuotaLease : IDisposable
{
    private readonly ApsQuotaLog? log;

    internal ApsQuotaLease(ApsQuotaLog log) => this.log = log;

    /// <summary>A lease that records nothing (no client-side quota, or a shared one counted per slice).</summary>
    public static ApsQuotaLease None => default;

    /// <inheritdoc />
    public void Dispose() => log?.Complete();
}
