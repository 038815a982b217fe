using AccBackup.Acc;
using AccBackup.Quotas.ProcessScope;
using AccBackup.Quotas.SharedScope;
using Microsoft.Extensions.Options;

namespace AccBackup.Quotas;

/// <summary>Client-side pacing per APS endpoint, so a healthy run rarely sees a 429 and is never paced below its quota.</summary>
/// <remarks>
/// Both scopes keep one rule (<see cref="ApsQuotaWindows"/>): in any interval of one window, at most quota × share calls.
/// A burst under that goes out at once; only calls past it wait, until the window since the call they would exceed has passed.
/// <see cref="ApsQuotaScope.Process"/>: an exact sliding log per endpoint in this process (<see cref="ApsQuotaLog"/>),
/// counting each call until one window and <c>Aps:Quota:WindowMargin</c> after its response, so the rule holds where
/// APS counts, whatever the latency, with room in time (not in count) for what the client cannot see.
/// <see cref="ApsQuotaScope.Shared"/>: every process takes from one budget per endpoint (<see cref="IApsQuotaBudget"/>),
/// counted in clock-aligned slices (<see cref="QuotaGrants"/>), so scaled-out instances stay under it together.
/// </remarks>
public sealed class ApsQuotaLimiter : IDisposable
{
    private readonly Dictionary<ApsEndpoint, ProcessQuotaGate> process = [];
    private readonly Dictionary<ApsEndpoint, SharedQuotaGate> shared = [];

    /// <summary>Creates one gate per endpoint from the options; <paramref name="budget"/> is required for the Shared scope.</summary>
    /// <exception cref="InvalidOperationException">Aps:Quota:Scope is Shared but the host registered no <see cref="IApsQuotaBudget"/>.</exception>
    public ApsQuotaLimiter(IOptions<ApsOptions> options, TimeProvider time, IApsQuotaBudget? budget = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(time);
        var settings = options.Value;
        if (!settings.Quota.Enabled)
        {
            return;
        }

        var windows = new ApsQuotaWindows(settings.Quota.Window, settings.Quota.Share, settings.Quota.WindowMargin);
        if (settings.Quota.Scope == ApsQuotaScope.Shared && budget is null)
        {
            throw new InvalidOperationException(
                $"{ApsQuotaOptions.SectionName}:Scope is Shared, but this host keeps no shared quota budget; use Process here.");
        }

        foreach (var endpoint in Enum.GetValues<ApsEndpoint>().Where(e => ApsQuotas.QuotaOf(e) == e))
        {
            if (settings.Quota.Scope == ApsQuotaScope.Shared)
            {
                shared[endpoint] = new SharedQuotaGate(endpoint, windows, budget!, time);
            }
            else
            {
                process[endpoint] = new ProcessQuotaGate(windows.LimitOf(endpoint), windows.CountedFor, time);
            }
        }
    }

    private static ApsEndpoint Owner(ApsEndpoint endpoint) => ApsQuotas.QuotaOf(endpoint);

    /// <summary>Waits until one more request to <paramref name="endpoint"/> fits in its quota; dispose the lease when its response arrives.</summary>
    public async ValueTask<ApsQuotaLease> AcquireAsync(ApsEndpoint endpoint, CancellationToken cancellationToken)
    {
        if (shared.TryGetValue(Owner(endpoint), out var gate))
        {
            await gate.AcquireAsync(cancellationToken).ConfigureAwait(false);
            return ApsQuotaLease.None;
        }

        return process.TryGetValue(Owner(endpoint), out var own)
            ? await own.AcquireAsync(cancellationToken).ConfigureAwait(false)
            : ApsQuotaLease.None;
    }

    /// <summary>How <paramref name="endpoint"/>'s quota is used at this moment, for monitoring; null unless this process paces it
    /// alone (Process scope).</summary>
    public ApsQuotaUse? UseOf(ApsEndpoint endpoint) => process.TryGetValue(Owner(endpoint), out var own) ? own.Read() : null;

    /// <inheritdoc />
    public void Dispose()
    {
        foreach (var gate in shared.Values)
        {
            gate.Dispose();
        }

        foreach (var gate in process.Values)
        {
            gate.Dispose();
        }
    }
}
