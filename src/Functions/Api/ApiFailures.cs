using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;

namespace AccBackup.Functions.Api;

/// <summary>What an HTTP function answers when it fails: a 500 problem saying what failed, never an empty 500.</summary>
/// <remarks>Each function's body runs inside <see cref="AnswerAsync"/>: an exception that leaves a function reaches the host
/// as a failed invocation, and the caller gets a 500 without a body.</remarks>
internal static partial class ApiFailures
{
    /// <summary>The result of <paramref name="function"/>, or a 500 problem (logged with the exception) when it throws.</summary>
    public static async Task<IActionResult> AnswerAsync(HttpRequest request, ILogger logger, Func<CancellationToken, Task<IActionResult>> function)
    {
        ArgumentNullException.ThrowIfNull(request);
        var cancellationToken = request.HttpContext.RequestAborted;
        try
        {
            return await function(cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            throw; // the caller went away: no one to answer
        }
        catch (Exception e)
        {
            Log.Failed(logger, request.Method, request.Path.Value ?? "", e);
            return Problems.ServerError($"{request.Method} {request.Path.Value} failed: {e.Message}");
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 5401, Level = LogLevel.Error, Message = "HTTP {Method} {Path} failed")]
        public static partial void Failed(ILogger logger, string method, string path, Exception exception);
    }
}
