using System.Net;
using Microsoft.AspNetCore.Http;

namespace AccBackup.BackupConsole.Access;

/// <summary>The local console's rule: requests from this machine, to this machine's loopback name. The host listens on
/// 127.0.0.1 only; the Host check also refuses a web page that points a name of its own at 127.0.0.1 (DNS rebinding) and
/// would otherwise read the backup through the visitor's browser.</summary>
public sealed class LoopbackAccess : IConsoleAccess
{
    /// <inheritdoc />
    public ConsoleRefusal? Check(HttpRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (request.HttpContext.Connection.RemoteIpAddress is not { } remote || !IPAddress.IsLoopback(remote))
        {
            return new ConsoleRefusal(StatusCodes.Status403Forbidden, "the local console answers this machine only (loopback)");
        }

        var host = request.Host.Host;
        return host is "127.0.0.1" or "localhost" or "[::1]" or "::1"
            ? null
            : new ConsoleRefusal(StatusCodes.Status403Forbidden, "the local console answers requests to 127.0.0.1 or localhost only");
    }
}
