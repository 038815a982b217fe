using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.Tests.Acc;

/// <summary>An APS over real HTTP on 127.0.0.1 that answers tokens and signeds3download (whose URL is on itself), and
/// redirects every other request to <c>/elsewhere</c>, counting the requests that arrive there.</summary>
internal sealed class RedirectingApsServer : IAsyncDisposable
{
    private readonly WebApplication app;
    private int followed;

    private RedirectingApsServer(WebApplication app) => this.app = app;

    public Uri BaseUrl { get; private set; } = null!;

    /// <summary>Requests that reached the redirect's target: a client that follows redirects makes them.</summary>
    public int Followed => Volatile.Read(ref followed);

    public static async Task<RedirectingApsServer> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0));
        var app = builder.Build();
        var server = new RedirectingApsServer(app);
        app.MapPost("/authentication/v2/token", () => Results.Text("""{"access_token":"t","token_type":"Bearer","expires_in":3599}""", "application/json"));
        app.MapGet("/oss/v2/buckets/{bucket}/objects/{key}/signeds3download", (HttpRequest request) =>
            Results.Text($$"""{"status":"complete","url":"{{Origin(request)}}/download/{{request.RouteValues["key"]}}?X-Amz-Signature=s","params":{},"size":10}""", "application/json"));
        app.MapGet("/elsewhere", () =>
        {
            Interlocked.Increment(ref server.followed);
            return Results.Text("""{"data":{}}""", "application/json");
        });
        app.MapFallback("{*path}", (HttpRequest request) => Results.Redirect(Origin(request) + "/elsewhere"));
        await app.StartAsync();
        server.BaseUrl = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First() + "/");
        return server;
    }

    public async ValueTask DisposeAsync() => await app.DisposeAsync();

    private static string Origin(HttpRequest request) => $"{request.Scheme}://{request.Host}";
}
