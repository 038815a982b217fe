using Microsoft.AspNetCore.Http;

namespace AccBackup.BackupConsole.Access;

/// <summary>Who may use the console on this host: asked before every page and every answer.</summary>
public interface IConsoleAccess
{
    /// <summary>Null when <paramref name="request"/> may be answered; otherwise the refusal (401 or 403) and why.</summary>
    ConsoleRefusal? Check(HttpRequest request);
}
