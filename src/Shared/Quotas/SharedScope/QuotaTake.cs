using AccBackup.Acc;

namespace AccBackup.Quotas.SharedScope;

/// <summary>A request for calls to one endpoint in one slice of its shared budget.</summary>
/// <param name="Endpoint">The APS endpoint (each has its own quota).</param>
/// <param name="SliceStart">The start of the slice (UTC, aligned: see <see cref="ApsQuotaWindows.StartOf"/>).</param>
/// <param name="Slice">The length of a slice (<see cref="ApsQuotaWindows.Slice"/>).</param>
/// <param name="WindowLimit">Calls all processes together may make in any one quota window (<see cref="ApsQuotaWindows.LimitOf"/>).</param>
/// <param name="Count">Calls this process asks for.</param>
/// <param name="Return">Calls granted to this process for an earlier slice that it never made (they lapsed with their slice).</param>
public sealed record QuotaTake(ApsEndpoint Endpoint, DateTimeOffset SliceStart, TimeSpan Slice, int WindowLimit, int Count, QuotaReturn? Return = null);
