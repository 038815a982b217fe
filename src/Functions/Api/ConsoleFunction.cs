using AccBackup.AccRestore;
using AccBackup.BackupConsole.Api;
using AccBackup.Functions.Restores;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask.Client;

namespace AccBackup.Functions.Api;

/// <summary>The backup console at <c>/api/console/</c>: its pages and data, answered by the same <see cref="ConsoleApi"/> as
/// <c>acc-backup console</c>; its restores run as the Durable restore orchestration (<see cref="DurableConsoleRestores"/>).
/// Anonymous at the function level on purpose, so no function key ever reaches a browser: App Service authentication
/// (infra/bicep/modules/console.bicep) stands in front, and the console checks the user's app role (a POST, which plans or
/// applies a restore, needs the restorer role).</summary>
public sealed class ConsoleFunction(ConsoleApi console, RestoreRecord record)
{
    /// <summary><c>GET /api/console/{path}</c>; <c>POST</c> for the Restore page's plan and apply.</summary>
    [Function("Console")]
    public async Task<IActionResult> Serve(
        [HttpTrigger(AuthorizationLevel.Anonymous, "get", "head", "post", Route = "console/{*path}")] HttpRequest request, string? path,
        [DurableClient] DurableTaskClient client)
    {
        ArgumentNullException.ThrowIfNull(request);
        await console.AnswerAsync(request.HttpContext, path, new DurableConsoleRestores(client, record)).ConfigureAwait(false);
        return new EmptyResult();
    }
}
