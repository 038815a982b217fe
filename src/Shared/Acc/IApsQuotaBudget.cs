namespace AccBackup.Acc;

/// <summary>The APS call budget every process of one backup shares (<c>Aps:QuotaScope</c> = Shared), kept outside the process.</summary>
/// <remarks>
/// Defined here so the APS client depends on no store; the run's registration supplies one (a blob per endpoint beside
/// the backup). Implementations must never grant more than <see cref="QuotaTake.SliceLimit"/> per slice in total.
/// </remarks>
public interface IApsQuotaBudget
{
    /// <summary>Takes up to <see cref="QuotaTake.Count"/> calls from the slice; returns how many were granted, 0 when the slice is spent.</summary>
    /// <remarks>Fewer than asked also means the slice is spent. Granted calls are valid until the slice ends.</remarks>
    Task<int> TakeAsync(QuotaTake request, CancellationToken cancellationToken);
}

/// <summary>A request for calls to one endpoint from one slice of its shared budget.</summary>
/// <param name="Endpoint">The APS endpoint (each has its own quota).</param>
/// <param name="SliceStart">The start of the slice (UTC, aligned: see <see cref="ApsQuotaWindows.StartOf"/>).</param>
/// <param name="SliceLimit">Calls all processes together may make in that slice.</param>
/// <param name="Count">Calls this process asks for.</param>
public sealed record QuotaTake(ApsEndpoint Endpoint, DateTimeOffset SliceStart, int SliceLimit, int Count);
