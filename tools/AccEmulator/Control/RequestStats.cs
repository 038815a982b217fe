using System.Collections.Concurrent;
using AccEmulator.Endpoints;

namespace AccEmulator.Control;

/// <summary>Thread-safe counters behind <see cref="StatsSnapshot"/>.</summary>
internal sealed class RequestStats
{
    private readonly ConcurrentDictionary<(EndpointCategory Category, int Status), long> _requests = new();
    private readonly ConcurrentDictionary<string, long> _faults = new(StringComparer.Ordinal);
    private long _contentBytes;

    public void Record(EndpointCategory category, int statusCode) =>
        _requests.AddOrUpdate((category, statusCode), 1, (_, count) => count + 1);

    public void RecordFault(string kind) => _faults.AddOrUpdate(kind, 1, (_, count) => count + 1);

    public void AddContentBytes(long bytes) => Interlocked.Add(ref _contentBytes, bytes);

    public StatsSnapshot Snapshot()
    {
        var requests = _requests
            .GroupBy(entry => entry.Key.Category)
            .OrderBy(group => group.Key)
            .ToDictionary(
                group => group.Key,
                group => (IReadOnlyDictionary<int, long>)group.OrderBy(e => e.Key.Status).ToDictionary(e => e.Key.Status, e => e.Value));
        return new StatsSnapshot(requests, Interlocked.Read(ref _contentBytes), new Dictionary<string, long>(_faults));
    }

    public void Reset()
    {
        _requests.Clear();
        _faults.Clear();
        Interlocked.Exchange(ref _contentBytes, 0);
    }
}
