using AccBackup.BackupConsole.Api;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Azure.Functions.Worker;

namespace AccBackup.Functions.Api;

/// <summary>The backup console at <c>/api/console/</c>: its pages and data, answered by the same <see cref="ConsoleApi"/> as
/// <c>acc-backup console</c>. Anonymous at the function level on purpose, so no function key ever reaches a browser: App
/// Service authentication (infra/bicep/modules/console.bicep) stands in front, and the console checks the user's app role.</summary>
public sealed class ConsoleFunction(ConsoleApi console)
{
    /// <summary><c>GET /api/console/{path}</c>.</summary>
    [Function("Console")]
    public async Task<IActionResult> Serve(
        [HttpTrigger(AuthorizationLevel.Anonymous, "get", "head", Route = "console/{*path}")] HttpRequest request, string? path)
    {
        ArgumentNullException.ThrowIfNull(request);
        await console.AnswerAsync(request.HttpContext, path).ConfigureAwait(false);
        return new EmptyResult();
    }
}
