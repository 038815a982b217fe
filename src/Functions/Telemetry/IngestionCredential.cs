using Azure.Core;
using Azure.Identity;

namespace AccBackup.Functions.Telemetry;

/// <summary>The token the exporter sends with its telemetry, from the setting the Functions host reads for its own.</summary>
/// <remarks>The exporter does not read <see cref="AuthenticationStringSetting"/> itself; the host does, so both send as
/// the same identity. A malformed value stops the app at start with the setting's name: telemetry refused every night
/// would look like a backup that never runs.</remarks>
internal static class IngestionCredential
{
    /// <summary><c>Authorization=AAD</c>, optionally <c>;ClientId=</c> a user-assigned identity (function-app.bicep sets both).</summary>
    public const string AuthenticationStringSetting = "APPLICATIONINSIGHTS_AUTHENTICATION_STRING";

    /// <summary>The managed identity the authentication string names, or none (instrumentation-key ingestion) when unset.</summary>
    public static TokenCredential? From(string? authenticationString)
    {
        if (string.IsNullOrWhiteSpace(authenticationString))
        {
            return null;
        }

        var parts = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var part in authenticationString.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var pair = part.Split('=', 2, StringSplitOptions.TrimEntries);
            parts[pair[0]] = pair.Length == 2 ? pair[1] : "";
        }

        if (!parts.TryGetValue("Authorization", out var authorization) || !authorization.Equals("AAD", StringComparison.OrdinalIgnoreCase))
        {
            throw Invalid("it must contain Authorization=AAD");
        }

        if (!parts.TryGetValue("ClientId", out var clientId))
        {
            return new ManagedIdentityCredential(ManagedIdentityId.SystemAssigned);
        }

        return Guid.TryParse(clientId, out _)
            ? new ManagedIdentityCredential(ManagedIdentityId.FromUserAssignedClientId(clientId))
            : throw Invalid("its ClientId must be the client id (a GUID) of the app's user-assigned identity");
    }

    private static InvalidOperationException Invalid(string rule) =>
        new($"{AuthenticationStringSetting} is not a valid authentication string: {rule}.");
}
