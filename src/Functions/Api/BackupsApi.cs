using System.Globalization;
using AccBackup.Durable.Control;
using AccBackup.Runs;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.Logging;

namespace AccBackup.Functions.Api;

/// <summary>The HTTP API (function keys): start a run, see one run, list recent runs. Errors are problem details naming
/// the field (<see cref="Problems"/>); a failure of the service is a 500 problem saying what failed (<see cref="ApiFailures"/>).</summary>
/// <remarks>Status links are absolute paths on the host the caller used (<c>/api/backups/{id}</c>), so they hold behind
/// any host name, locally and in Azure; the Durable management URLs are never handed out (they carry the system key).</remarks>
public sealed class BackupsApi(BackupStarter starter, BackupRunQueries queries, ProjectLister projects, TimeProvider time, ILogger<BackupsApi> logger)
{
    /// <summary>The most runs <c>GET /api/backups?top=N</c> lists.</summary>
    public const int MaxTop = 100;

    /// <summary>The largest body <c>POST /api/backups</c> reads: 256 KiB, room for thousands of project names.</summary>
    public const int MaxBodyBytes = 256 << 10;

    private const int DefaultTop = 20;

    /// <summary><c>POST /api/backups</c>: 202 and where to watch the run; 400 naming the field (and the projects the account
    /// does not have); 409 while a run is going.</summary>
    [Function("StartBackup")]
    public Task<IActionResult> Start(
        [HttpTrigger(AuthorizationLevel.Function, "post", Route = "backups")] HttpRequest request, [DurableClient] DurableTaskClient client) =>
        ApiFailures.AnswerAsync(request, logger, cancellationToken => StartAsync(request, client, cancellationToken));

    /// <summary><c>GET /api/backups/{id}</c>: the run's status, progress and, when done, its manifest; 404 when unknown.</summary>
    [Function("GetBackup")]
    public Task<IActionResult> Get(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "backups/{id}")] HttpRequest request, string id, [DurableClient] DurableTaskClient client) =>
        ApiFailures.AnswerAsync(request, logger, async cancellationToken =>
            await queries.GetAsync(client, id, cancellationToken).ConfigureAwait(false) is { } view ? new OkObjectResult(view) : Problems.NotFound(id));

    /// <summary><c>GET /api/backups?top=N</c>: the run in progress, if any, and the N most recent runs (default 20).</summary>
    [Function("ListBackups")]
    public Task<IActionResult> List(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "backups")] HttpRequest request, [DurableClient] DurableTaskClient client) =>
        ApiFailures.AnswerAsync(request, logger, async cancellationToken =>
        {
            var top = DefaultTop;
            if (request.Query.TryGetValue("top", out var given)
                && !(int.TryParse(given, NumberStyles.None, CultureInfo.InvariantCulture, out top) && top is > 0 and <= MaxTop))
            {
                return Problems.BadRequest("top", $"query parameter 'top' must be a whole number from 1 to {MaxTop}");
            }

            return new OkObjectResult(await queries.ListAsync(client, top, cancellationToken).ConfigureAwait(false));
        });

    private async Task<IActionResult> StartAsync(HttpRequest request, DurableTaskClient client, CancellationToken cancellationToken)
    {
        if (await ReadBodyAsync(request, cancellationToken).ConfigureAwait(false) is not { } body)
        {
            return Problems.TooLarge($"the body is larger than {MaxBodyBytes >> 10} KiB");
        }

        var parsed = StartBackupBody.Parse(body);
        if (parsed.Problem is { } problem)
        {
            return Problems.BadRequest(problem.Field, problem.Detail);
        }

        var run = parsed.Request!;
        if (run.IncludeProjects is { } included)
        {
            // Asked before the run starts, not only when it prepares: a name that matches no project is the caller's to fix.
            try
            {
                await projects.ListAsync(included, run.ExcludeProjects, cancellationToken).ConfigureAwait(false);
            }
            catch (UnknownProjectsException e)
            {
                return Problems.BadRequest("projects", $"field 'projects': {e.Message}", new() { ["unknownProjects"] = e.Projects });
            }
        }

        var started = await starter.StartAsync(client, Manifest.Catalog.RunId.New(time.GetUtcNow()).Value, run, cancellationToken).ConfigureAwait(false);
        var statusUrl = StatusUrl(request, started.RunId);
        if (started.Outcome != StartOutcome.Started)
        {
            return Problems.Conflict(started.RunId, $"backup run {started.RunId} is {started.RuntimeStatus}: one run at a time", statusUrl);
        }

        request.HttpContext.Response.Headers.Location = statusUrl;
        return new ObjectResult(new StartedRun(started.RunId, statusUrl)) { StatusCode = StatusCodes.Status202Accepted };
    }

    /// <summary>The body, or null when it is longer than <see cref="MaxBodyBytes"/>: refused by its Content-Length before
    /// reading, or when a body without one (chunked) passes the limit, so a caller cannot make the host buffer without end.</summary>
    private static async Task<ReadOnlyMemory<byte>?> ReadBodyAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        if (request.ContentLength > MaxBodyBytes)
        {
            return null;
        }

        using var body = new MemoryStream();
        var chunk = new byte[16 << 10];
        int read;
        while ((read = await request.Body.ReadAsync(chunk, cancellationToken).ConfigureAwait(false)) > 0)
        {
            if (body.Length + read > MaxBodyBytes)
            {
                return null;
            }

            body.Write(chunk, 0, read);
        }

        return body.ToArray();
    }

    /// <summary>The status endpoint of <paramref name="runId"/>, as a path on the host the caller used: the start route's
    /// own path (whatever the host's route prefix) plus the run id.</summary>
    private static string StatusUrl(HttpRequest request, string runId) =>
        $"{request.PathBase}{request.Path.Value?.TrimEnd('/')}/{Uri.EscapeDataString(runId)}";
}

/// <summary>The body of a 202: the run id and where to watch it.</summary>
public sealed record StartedRun(string RunId, string StatusUrl);
