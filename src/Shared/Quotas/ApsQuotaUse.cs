namespace AccBackup.Quotas;

/// <summary>A moment's reading of one endpoint's pacing in this process (Process scope): whether the quota or the caller
/// is what waits. Calls counted below <see cref="Limit"/> with nobody <see cref="Waiting"/> is quota left unused.</summary>
/// <param name="Limit">Calls allowed in any one window (the quota × Aps:Quota:Share).</param>
/// <param name="Counted">Calls counting now: in flight, or answered less than a window and the margin ago.</param>
/// <param name="Waiting">Callers waiting for the quota now.</param>
/// <param name="Granted">Calls granted since the process started.</param>
public readonly record struct ApsQuotaUse(int Limit, int Counted, int Waiting, long Granted)
{
    /// <summary>Whether a call could go now and none is asking: the quota is not what limits this moment.</summary>
    public bool IsIdle => Counted < Limit && Waiting == 0;
}
