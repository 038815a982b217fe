using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Control;

/// <summary>The HTTP start endpoint's logic, apart from the Functions HTTP types so it is tested without them:
/// 202 with where to watch the run, 400 naming the bad field, 409 while a run is in progress.</summary>
public sealed class BackupRequests(BackupStarter starter)
{
    /// <summary>Parses <paramref name="body"/> and starts run <paramref name="runId"/>.</summary>
    /// <param name="statusUrl">The status endpoint's URL for a run id.</param>
    public async Task<ApiResponse> StartAsync(DurableTaskClient client, Stream body, string runId, Func<string, string> statusUrl, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(statusUrl);
        var parsed = await StartBackupBody.ParseAsync(body, cancellationToken).ConfigureAwait(false);
        if (parsed.Request is null)
        {
            return new ApiResponse(400, new ApiError(parsed.Problem!, null), null);
        }

        var started = await starter.StartAsync(client, runId, parsed.Request, cancellationToken).ConfigureAwait(false);
        var url = statusUrl(started.RunId);
        return started.Outcome switch
        {
            StartOutcome.Started => new ApiResponse(202, new StartedRun(started.RunId, url), url),
            _ => new ApiResponse(409, new ApiError($"backup run {started.RunId} is {started.RuntimeStatus}: one run at a time", url), url),
        };
    }
}

/// <summary>An HTTP answer: status code, JSON body, and the Location header when there is one.</summary>
public sealed record ApiResponse(int Status, object Body, string? Location);

/// <summary>The body of a 202: the run id and where to watch it.</summary>
public sealed record StartedRun(string RunId, string StatusUrl);

/// <summary>The body of a 4xx: what is wrong, and where to look when another run is the reason.</summary>
public sealed record ApiError(string Error, string? StatusUrl);
