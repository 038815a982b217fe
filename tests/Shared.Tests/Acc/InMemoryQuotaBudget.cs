using AccBackup.Acc;

namespace AccBackup.Tests.Acc;

/// <summary>A shared budget in memory: grants like the blob store does, records every take, and can hold takes back.</summary>
internal sealed class InMemoryQuotaBudget : IApsQuotaBudget
{
    private readonly Lock gate = new();
    private readonly Dictionary<(ApsEndpoint, DateTimeOffset), int> granted = [];

    /// <summary>Every take asked for, in order.</summary>
    public List<QuotaTake> Takes { get; } = [];

    /// <summary>When set, takes wait for it before answering.</summary>
    public TaskCompletionSource? Hold { get; set; }

    /// <summary>Calls granted in the slice starting at <paramref name="start"/>.</summary>
    public int GrantedIn(ApsEndpoint endpoint, DateTimeOffset start)
    {
        lock (gate)
        {
            return granted.GetValueOrDefault((endpoint, start));
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
            var key = (request.Endpoint, request.SliceStart);
            var take = Math.Max(0, Math.Min(request.Count, request.SliceLimit - granted.GetValueOrDefault(key)));
            granted[key] = granted.GetValueOrDefault(key) + take;
            return take;
        }
    }
}
