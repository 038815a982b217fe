using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using AccBackup.Acc;
using AccBackup.Tests.Acc;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Retry;

/// <summary>What retrying cannot fix (refused, unresolvable, TLS) fails within seconds naming Aps:BaseUrl; storms are still retried.</summary>
public sealed class ApsResilienceTests
{
    // The shipped first backoff delay, so the measured time is what a user would wait.
    private static readonly Dictionary<string, string?> ShippedRetries = new() { ["Aps:Retry:BaseDelay"] = "00:00:01" };

    [Fact]
    public async Task GetFolderAsync_ConnectionRefused_FailsWithinSecondsNamingBaseUrlAndCause()
    {
        var baseUrl = new Uri($"http://127.0.0.1:{ClosedPort()}/");

        var (error, elapsed) = await GetFolderAsync(baseUrl);

        Assert.Equal($"APS is unreachable at Aps:BaseUrl = {baseUrl} (connection refused). Retrying cannot fix this: check the setting, and the network, proxy or firewall between here and APS.", error.Message);
        Assert.Equal("connection refused", error.Cause);
        Assert.InRange(elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(10));
    }

    [Fact]
    public async Task GetFolderAsync_NameNotResolved_FailsWithinSecondsNamingTheHost()
    {
        // .invalid never resolves (RFC 2606).
        var baseUrl = new Uri("https://aps.acc-backup.invalid/");

        var (error, elapsed) = await GetFolderAsync(baseUrl);

        Assert.StartsWith("APS is unreachable at Aps:BaseUrl = https://aps.acc-backup.invalid/ (name not resolved: aps.acc-backup.invalid)", error.Message, StringComparison.Ordinal);
        Assert.InRange(elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(20));
    }

    [Fact]
    public async Task GetFolderAsync_TlsHandshakeFails_FailsWithinSecondsSayingTls()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        using var stop = new CancellationTokenSource(Testing.TestWaits.Signal);
        var server = AnswerPlainHttpAsync(listener, stop.Token);
        var baseUrl = new Uri($"https://127.0.0.1:{((IPEndPoint)listener.LocalEndpoint).Port}/");

        var (error, elapsed) = await GetFolderAsync(baseUrl);

        await stop.CancelAsync();
        await server;
        Assert.StartsWith($"APS is unreachable at Aps:BaseUrl = {baseUrl} (TLS failed:", error.Message, StringComparison.Ordinal);
        Assert.InRange(elapsed, TimeSpan.Zero, TimeSpan.FromSeconds(10));
    }

    [Fact]
    public async Task GetFolderAsync_Storm503ThenOk_StillRetriedToSuccess()
    {
        using var stub = new StubApsHandler((_, n) => n <= 5
            ? new HttpResponseMessage(HttpStatusCode.ServiceUnavailable)
            : StubApsHandler.Json("""{"data":{"type":"folders","id":"urn:f","attributes":{"name":"A","lastModifiedTimeRollup":"2026-01-02T03:04:05.000Z"}}}"""));
        await using var services = ApsTestServices.Create(new Uri("https://aps.test/"), stub);

        var folder = await services.GetRequiredService<ApsDataClient>().GetFolderAsync("b.p", "urn:f", CancellationToken.None);

        Assert.Equal("A", folder.Name);
        Assert.Equal(6, stub.Requests.Count);
    }

    private static async Task<(ApsUnreachableException Error, TimeSpan Elapsed)> GetFolderAsync(Uri baseUrl)
    {
        await using var services = ApsTestServices.Create(baseUrl, settings: ShippedRetries);
        var client = services.GetRequiredService<ApsDataClient>();
        var clock = Stopwatch.StartNew();

        var error = await Assert.ThrowsAsync<ApsUnreachableException>(() => client.GetFolderAsync("b.p", "urn:f", CancellationToken.None));

        return (error, clock.Elapsed);
    }

    private static int ClosedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static async Task AnswerPlainHttpAsync(TcpListener listener, CancellationToken cancellationToken)
    {
        var answer = Encoding.ASCII.GetBytes("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        try
        {
            while (!cancellationToken.IsCancellationRequested)
            {
                using var client = await listener.AcceptTcpClientAsync(cancellationToken);
                await client.GetStream().WriteAsync(answer, cancellationToken);
            }
        }
        catch (OperationCanceledException)
        {
        }
    }
}
