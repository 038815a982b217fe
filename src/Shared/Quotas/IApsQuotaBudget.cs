using AccBackup.Acc;

namespace AccBackup.Quotas;

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

/// <summary>A request for calls to one endpoint in one slice of its shared budget.</summary>
/// <param name="Endpoint">The APS endpoint (each has its own quota).</param>
/// <param name="SliceStart">The start of the slice (UTC, aligned: see <see cref="ApsQuotaWindows.StartOf"/>).</param>
/// <param name="Slice">The length of a slice (<see cref="ApsQuotaWindows.Slice"/>).</param>
/// <param name="WindowLimit">Calls all processes together may make in any one quota window (<see cref="ApsQuotaWindows.LimitOf"/>).</param>
/// <param name="Count">Calls this process asks for.</param>
/// <param name="Return">Calls granted to this process for an earlier slice that it never made (they lapsed with their slice).</param>
public sealed record QuotaTake(ApsEndpoint Endpoint, DateTimeOffset SliceStart, TimeSpan Slice, int WindowLimit, int Count, QuotaReturn? Return = null);

/// <summary>Calls granted for the slice starting at <paramref name="SliceStart"/> that were never made: the budget may count them again.</summary>
/// <remarks>Giving back only calls that can no longer be made keeps every recorded count at or above the calls made.</remarks>
public sealed record QuotaReturn(DateTimeOffset SliceStart, int Count);
