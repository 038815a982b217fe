using System.Collections.Concurrent;
using System.IO.Compression;
using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>Application Insights' ingestion endpoint on 127.0.0.1: records every envelope the real Azure Monitor exporter posts.</summary>
/// <remarks>Its connection string points ingestion and Live Metrics here, so nothing the exporter sends leaves the machine.</remarks>
internal sealed class IngestionEndpoint : IAsyncDisposable
{
    private readonly WebApplication app;
    private readonly string instrumentationKey = Guid.NewGuid().ToString();
    private readonly ConcurrentQueue<IngestedItem> items = new();
    private int posts;

    static IngestionEndpoint()
    {
        // Statsbeat (the exporter's own usage metrics) goes to Microsoft's endpoint and asks the VM metadata service at
        // 169.254.169.254, whatever the connection string says: off before any exporter reads its environment.
        Environment.SetEnvironmentVariable("APPLICATIONINSIGHTS_STATSBEAT_DISABLED", "true");
    }

    private IngestionEndpoint(WebApplication app) => this.app = app;

    /// <summary>Points the exporter's ingestion and Live Metrics at this endpoint; a fresh instrumentation key per endpoint,
    /// so telemetry an earlier test left in the exporter's offline storage is never counted here.</summary>
    public string ConnectionString => $"InstrumentationKey={instrumentationKey};IngestionEndpoint={BaseUrl};LiveEndpoint={BaseUrl}";

    /// <summary>Everything posted so far with this endpoint's instrumentation key.</summary>
    public IReadOnlyList<IngestedItem> Items => [.. items];

    /// <summary>Track posts received, whatever their instrumentation key: tells "nothing was sent" from "nothing of ours was in it".</summary>
    public int Posts => Volatile.Read(ref posts);

    /// <summary>The items Application Insights stores in its <c>traces</c> table.</summary>
    public IReadOnlyList<IngestedItem> Traces => [.. items.Where(i => i.IsTrace)];

    private string BaseUrl => app.Urls.Single() + "/";

    public static async Task<IngestionEndpoint> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, 0);
            // On a starved machine Kestrel's minimum data rates can cut a post off as "too slow" (408): the exporter never
            // retries inline, it parks the batch in its offline storage for two minutes, and the test sees nothing arrive.
            kestrel.Limits.MinRequestBodyDataRate = null;
            kestrel.Limits.MinResponseDataRate = null;
        });
        var app = builder.Build();
        var endpoint = new IngestionEndpoint(app);
        app.MapPost("/v2.1/track", endpoint.TrackAsync);
        // Live Metrics asks whether anyone is watching: nobody is.
        app.MapPost("/QuickPulseService.svc/{operation}", (HttpResponse response) =>
        {
            response.Headers["x-ms-qps-subscribed"] = "false";
            return Results.Ok();
        });
        await app.StartAsync();
        return endpoint;
    }

    private async Task<IResult> TrackAsync(HttpRequest request)
    {
        Interlocked.Increment(ref posts);
        Stream body = request.Body;
        if (request.Headers.ContentEncoding == "gzip")
        {
            body = new GZipStream(body, CompressionMode.Decompress);
        }

        using var reader = new StreamReader(body);
        var received = 0;
        while (await reader.ReadLineAsync() is { } line)
        {
            if (line.Length == 0)
            {
                continue;
            }

            using var envelope = JsonDocument.Parse(line);
            received++;
            if (envelope.RootElement.GetProperty("iKey").GetString() == instrumentationKey)
            {
                items.Enqueue(IngestedItem.From(envelope.RootElement));
            }
        }

        return Results.Json(new { itemsReceived = received, itemsAccepted = received, errors = Array.Empty<object>() });
    }

    public async ValueTask DisposeAsync() => await app.DisposeAsync();
}
