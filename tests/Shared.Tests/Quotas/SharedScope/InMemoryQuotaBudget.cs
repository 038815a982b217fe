using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Quotas.SharedScope;

namespace AccBackup.Tests.Quotas.SharedScope;

/// <summary>A shared budget in memory: grants by the same rule as the blob store (<see cref="QuotaGrants"/>), records every take, and can hold takes back.</summary>
internal sealed class InMemoryQuotaBudget : IApsQuotaBudget
{
    private readonly Lock gate = new();
    private readonly Dictionary<ApsEndpoint, QuotaGrants> grants = [];

    /// <summary>Every take asked for, in order.</summary>
    public List<QuotaTake> Takes { get; } = [];

    /// <summary>When set, takes wait for it before answering.</summary>
    public TaskCompletionSource? Hold { get; set; }

    /// <summary>Calls granted in the slice starting at <paramref name="start"/>.</summary>
    public int GrantedIn(ApsEndpoint endpoint, DateTimeOffset start)
    {
        lock (gate)
        {
            return grants.GetValueOrDefault(endpoint, QuotaGrants.Empty).GrantedIn(start);
        }
    }

    public async Task<int> TakeAsync(QuotaTake request, CancellationToken cancellationToken)
    {
        lock (gate)
        {
            Takes.Add(request);
        }

        if (Hold is { } hold)
        {
            await hold.Task.WaitAsync(cancellationToken);
        }

        lock (gate)
        {
            var granted = grants.GetValueOrDefault(request.Endpoint, QuotaGrants.Empty).Without(request.Return);
            var take = granted.Grantable(request);
            grants[request.Endpoint] = granted.With(request, take);
            return take;
        }
    }
}
