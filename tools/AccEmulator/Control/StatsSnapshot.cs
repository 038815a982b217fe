using AccEmulator.Endpoints;

namespace AccEmulator.Control;

/// <summary>Requests served by category and status code, content bytes served and faults injected, at one moment.</summary>
/// <param name="Requests">Request counts by category, then by the status code answered.</param>
/// <param name="ContentBytesServed">Body bytes written by the download URL.</param>
/// <param name="FaultsInjected">Injected faults by kind: "429", "500", "503", "reset", "truncate".</param>
public sealed record StatsSnapshot(
    IReadOnlyDictionary<EndpointCategory, IReadOnlyDictionary<int, long>> Requests,
    long ContentBytesServed,
    IReadOnlyDictionary<string, long> FaultsInjected)
{
    /// <summary>All requests counted, every category and status.</summary>
    public long TotalRequests => Requests.Values.Sum(byStatus => byStatus.Values.Sum());

    /// <summary>Requests in one category, optionally only those answered with <paramref name="statusCode"/>.</summary>
    public long Count(EndpointCategory category, int? statusCode = null) =>
        !Requests.TryGetValue(category, out var byStatus) ? 0
        : statusCode is { } status ? byStatus.GetValueOrDefault(status)
        : byStatus.Values.Sum();
}
