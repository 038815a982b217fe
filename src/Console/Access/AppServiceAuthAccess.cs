using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;

namespace AccBackup.BackupConsole.Access;

/// <summary>The Function App's rule. In Azure, App Service authentication (infra/bicep/modules/console.bicep) signs the user in
/// with Microsoft Entra ID before a request reaches the app and passes who it is in <c>X-MS-CLIENT-PRINCIPAL</c> (stripping
/// any such header a client sent); the console then also asks for the app role <see cref="ReaderRole"/> to read, and
/// <see cref="RestorerRole"/> to plan or apply a restore into ACC (every write is a POST), and refuses
/// everyone when the platform's authentication is off. Run locally (no <c>WEBSITE_INSTANCE_ID</c>), it answers this machine
/// only, as the local console does.</summary>
public sealed class AppServiceAuthAccess(IConfiguration configuration) : IConsoleAccess
{
    /// <summary>The app role a user (or a group they are in) must be assigned on the console's app registration.</summary>
    public const string ReaderRole = "Console.Reader";

    /// <summary>The app role that may also plan and apply restores into ACC from the console (it writes into the account).</summary>
    public const string RestorerRole = "Console.Restorer";

    /// <summary>The header App Service authentication passes the signed-in user in (base64 JSON of their claims).</summary>
    public const string PrincipalHeader = "X-MS-CLIENT-PRINCIPAL";

    private readonly LoopbackAccess local = new();

    /// <inheritdoc />
    public ConsoleRefusal? Check(HttpRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (string.IsNullOrEmpty(configuration["WEBSITE_INSTANCE_ID"]))
        {
            return local.Check(request);
        }

        if (!string.Equals(configuration["WEBSITE_AUTH_ENABLED"], "true", StringComparison.OrdinalIgnoreCase))
        {
            return new ConsoleRefusal(StatusCodes.Status403Forbidden, "App Service authentication is off for this app: the console stays closed (infra/bicep/modules/console.bicep turns it on)");
        }

        if (request.Headers[PrincipalHeader].ToString() is not { Length: > 0 } encoded)
        {
            return new ConsoleRefusal(StatusCodes.Status401Unauthorized, "sign in with Microsoft Entra ID to use the console");
        }

        var role = HttpMethods.IsPost(request.Method) ? RestorerRole : ReaderRole;
        return HasRole(encoded, role)
            ? null
            : new ConsoleRefusal(StatusCodes.Status403Forbidden, role == ReaderRole
                ? $"the console needs the app role {ReaderRole} (ask the app registration's owner to assign it)"
                : $"planning and applying a restore into ACC needs the app role {RestorerRole} (ask the app registration's owner to assign it)");
    }

    /// <summary>Whether the principal's claims include the app role <paramref name="role"/> (a claim of the principal's role type, or <c>roles</c>).</summary>
    internal static bool HasRole(string encoded, string role)
    {
        try
        {
            using var principal = JsonDocument.Parse(Encoding.UTF8.GetString(Convert.FromBase64String(encoded)));
            var roleType = principal.RootElement.TryGetProperty("role_typ", out var type) ? type.GetString() : null;
            return principal.RootElement.TryGetProperty("claims", out var claims) && claims.ValueKind == JsonValueKind.Array
                && claims.EnumerateArray().Any(c =>
                    c.TryGetProperty("typ", out var typ) && c.TryGetProperty("val", out var val)
                    && (typ.GetString() == "roles" || (roleType is not null && typ.GetString() == roleType))
                    && string.Equals(val.GetString(), role, StringComparison.Ordinal));
        }
        catch (Exception e) when (e is FormatException or JsonException or InvalidOperationException)
        {
            return false;
        }
    }
}
