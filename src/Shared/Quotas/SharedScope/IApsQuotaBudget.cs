namespace AccBackup.Quotas.SharedScope;

/// <summary>The APS call budget every process of one backup shares (<c>Aps:Quota:Scope</c> = Shared), kept outside the process.</summary>
/// <remarks>
/// Defined here so the APS client depends on no store; the run's registration supplies one (a blob per endpoint beside
/// the backup). Implementations grant by <see cref="QuotaGrants"/>'s rule, so no window sees more than
/// <see cref="QuotaTake.WindowLimit"/> calls from all processes together.
/// </remarks>
public interface IApsQuotaBudget
{
    /// <summary>Takes up to <see cref="QuotaTake.Count"/> calls for the slice; returns how many were granted, 0 when the window is full.</summary>
    /// <remarks>Fewer than asked also means the window is full until a later slice. Granted calls are valid until the slice ends.</remarks>
    Task<int> TakeAsync(QuotaTake request, CancellationToken cancellationToken);
}
