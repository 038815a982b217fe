using AccBackup.AccRestore;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.Durable.Restores;
using AccBackup.Functions.Api;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.Logging;

namespace AccBackup.Functions.Restores;

/// <summary>The restore API (function keys): <c>POST /api/restores</c> plans (or with <c>apply</c> carries out) a restore into ACC and
/// answers 202 with its status URL; <c>GET /api/restores/{id}</c> shows the plan, then progress and the result.</summary>
public sealed class RestoresApi(RestoreRecord record, TimeProvider time, ILogger<RestoresApi> logger)
{
    /// <summary>The largest body read.</summary>
    public const int MaxBodyBytes = 64 << 10;

    /// <summary>The most planned files a GET lists (the record in storage holds them all).</summary>
    public const int MaxFilesShown = 1000;

    /// <summary><c>POST /api/restores</c>: 202 and where to watch; 400 naming the field; 409 with why while a backup or another
    /// restore of the same project runs, or the id is taken.</summary>
    [Function("StartRestore")]
    public Task<IActionResult> Start(
        [HttpTrigger(AuthorizationLevel.Function, "post", Route = "restores")] HttpRequest request, [DurableClient] DurableTaskClient client) =>
        ApiFailures.AnswerAsync(request, logger, async cancellationToken =>
        {
            using var body = new MemoryStream();
            await request.Body.CopyToAsync(body, cancellationToken).ConfigureAwait(false);
            if (body.Length > MaxBodyBytes)
            {
                return Problems.TooLarge($"the body is larger than {MaxBodyBytes >> 10} KiB");
            }

            var (restore, field, problem) = StartRestoreBody.Parse(body.ToArray(), time.GetUtcNow());
            if (restore is null)
            {
                return Problems.BadRequest(field, problem!);
            }

            var statusUrl = $"{request.PathBase}{request.Path.Value?.TrimEnd('/')}/{Uri.EscapeDataString(restore.RestoreId)}";
            var started = await RestoreStarter.StartAsync(client, new AccRestoreInput(restore), cancellationToken).ConfigureAwait(false);
            if (started.Outcome != RestoreStartOutcome.Started)
            {
                var problemDetails = new ProblemDetails { Status = StatusCodes.Status409Conflict, Title = "A restore cannot start now", Detail = started.Detail };
                problemDetails.Extensions["instanceId"] = started.InstanceId;
                problemDetails.Extensions["reason"] = started.Outcome.ToString();
                return new ObjectResult(problemDetails) { StatusCode = StatusCodes.Status409Conflict, ContentTypes = { "application/problem+json" } };
            }

            request.HttpContext.Response.Headers.Location = statusUrl;
            return new ObjectResult(new StartedRestore(restore.RestoreId, restore.Apply, statusUrl)) { StatusCode = StatusCodes.Status202Accepted };
        });

    /// <summary><c>GET /api/restores/{id}</c>: the orchestration's status and progress, the plan's files (from its blob) and, when
    /// done, the outcome; 404 when unknown.</summary>
    [Function("GetRestore")]
    public Task<IActionResult> Get(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "restores/{id}")] HttpRequest request, string id, [DurableClient] DurableTaskClient client) =>
        ApiFailures.AnswerAsync(request, logger, async cancellationToken =>
        {
            var instance = await client.GetInstanceAsync(id, getInputsAndOutputs: true, cancellationToken).ConfigureAwait(false);
            if (instance is null)
            {
                var problem = new ProblemDetails { Status = StatusCodes.Status404NotFound, Title = "No such restore", Detail = $"no restore '{id}'" };
                return new ObjectResult(problem) { StatusCode = StatusCodes.Status404NotFound, ContentTypes = { "application/problem+json" } };
            }

            var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(id), cancellationToken).ConfigureAwait(false);
            return new OkObjectResult(new RestoreView(
                id,
                instance.RuntimeStatus.ToString(),
                instance.ReadCustomStatusAs<RestoreStatus>(),
                instance.IsCompleted ? instance.ReadOutputAs<AccRestoreOutcome>() : null,
                plan?.Files.Take(MaxFilesShown).Select(f => new PlannedFileView(f.SourcePath, f.TargetFolder, f.Name, f.Action.ToString(), f.Reason)).ToList(),
                plan?.Files.Count ?? 0));
        });
}

/// <summary>The body of a 202.</summary>
public sealed record StartedRestore(string RestoreId, bool Apply, string StatusUrl);

/// <summary>What <c>GET /api/restores/{id}</c> answers.</summary>
public sealed record RestoreView(string RestoreId, string RuntimeStatus, RestoreStatus? Status, AccRestoreOutcome? Outcome, IReadOnlyList<PlannedFileView>? Files, int FilesPlanned);

/// <summary>One planned file as the API shows it.</summary>
public sealed record PlannedFileView(string Path, string? TargetFolder, string Name, string Action, string Reason);
