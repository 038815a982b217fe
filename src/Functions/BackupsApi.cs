using AccBackup.Durable.Control;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask.Client;

namespace AccBackup.Functions;

/// <summary>The HTTP API (function keys): start a run, see one run, list recent runs.</summary>
/// <remarks>The 202 points at our own status endpoint, never at the Durable management URLs (they carry the system key).</remarks>
public sealed class BackupsApi(BackupRequests requests, BackupRunQueries queries, TimeProvider time)
{
    [Function("StartBackup")]
    public async Task<IActionResult> Start(
        [HttpTrigger(AuthorizationLevel.Function, "post", Route = "backups")] HttpRequest request, [DurableClient] DurableTaskClient client)
    {
        ArgumentNullException.ThrowIfNull(request);
        var response = await requests.StartAsync(client, request.Body, RunIds.OnDemand(time.GetUtcNow()), StatusUrl(request), request.HttpContext.RequestAborted)
            .ConfigureAwait(false);
        if (response.Location is not null)
        {
            request.HttpContext.Response.Headers.Location = response.Location;
        }

        return new ObjectResult(response.Body) { StatusCode = response.Status };
    }

    [Function("GetBackup")]
    public static async Task<IActionResult> Get(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "backups/{id}")] HttpRequest request, string id, [DurableClient] DurableTaskClient client)
    {
        ArgumentNullException.ThrowIfNull(request);
        var view = await BackupRunQueries.GetAsync(client, id, request.HttpContext.RequestAborted).ConfigureAwait(false);
        return view is null ? new NotFoundObjectResult(new { error = $"no backup run '{id}'" }) : new OkObjectResult(view);
    }

    [Function("ListBackups")]
    public async Task<IActionResult> List(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "backups")] HttpRequest request, [DurableClient] DurableTaskClient client)
    {
        ArgumentNullException.ThrowIfNull(request);
        var top = int.TryParse(request.Query["top"], out var n) && n is > 0 and <= 100 ? n : 20;
        return new OkObjectResult(await queries.ListAsync(client, top, request.HttpContext.RequestAborted).ConfigureAwait(false));
    }

    private static Func<string, string> StatusUrl(HttpRequest request) =>
        id => $"{request.Scheme}://{request.Host}{request.PathBase}/api/backups/{Uri.EscapeDataString(id)}";
}
