using System.Net.Http;
using System.Net.Sockets;
using AccBackup.Acc;

namespace AccBackup.Retry;

/// <summary>Recognises the failures that say APS cannot be reached at all, as opposed to a passing outage or a dropped connection.</summary>
/// <remarks>
/// A refused connection, an unresolvable name or a failed TLS handshake on the base URL almost always means a wrong
/// <c>Aps:BaseUrl</c>, a proxy or a firewall: a few quick attempts absorb a restart, more only delay the message.
/// Resets, truncated bodies and timeouts are not listed here; they stay ordinary transient failures.
/// </remarks>
internal static class ApsUnreachableCause
{
    /// <summary>The retries given to such a failure after the first attempt (three attempts in all, a few seconds).</summary>
    public const int Retries = 2;

    /// <summary>A few words naming why APS is unreachable, or null when <paramref name="error"/> is not that kind of failure.</summary>
    public static string? Of(Exception? error, Uri baseUrl) => error switch
    {
        HttpRequestException { HttpRequestError: HttpRequestError.NameResolutionError } => $"name not resolved: {baseUrl.Host}",
        HttpRequestException { HttpRequestError: HttpRequestError.SecureConnectionError } e => $"TLS failed: {Innermost(e).Message}",
        HttpRequestException { HttpRequestError: HttpRequestError.ConnectionError } e => SocketCause(e),
        _ => null,
    };

    private static string? SocketCause(Exception e) => (Innermost(e) as SocketException)?.SocketErrorCode switch
    {
        SocketError.ConnectionRefused => "connection refused",
        SocketError.HostNotFound or SocketError.NoData => "name not resolved",
        SocketError.HostUnreachable => "host unreachable",
        SocketError.NetworkUnreachable or SocketError.NetworkDown => "network unreachable",
        SocketError.AddressNotAvailable => "address not available",
        _ => null,
    };

    private static Exception Innermost(Exception e)
    {
        while (e.InnerException is { } inner)
        {
            e = inner;
        }

        return e;
    }
}
