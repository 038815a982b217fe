using System.Text.Json;
using AccBackup.Acc;

namespace AccBackup.Modules.Permissions;

/// <summary>Reads a Docs folder's permissions with the app's own token, inside its quota and the APS retries
/// (<c>GET bim360/docs/v1/projects/{project}/folders/{folder}/permissions</c>, a bare array of users, roles and companies).</summary>
public sealed class PermissionsClient(ApsTransport transport)
{
    /// <summary>Every subject with access to <paramref name="folderId"/>: its own actions and those it inherits.</summary>
    public async Task<IReadOnlyList<JsonElement>> ListAsync(string projectId, string folderId, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(projectId);
        ArgumentException.ThrowIfNullOrEmpty(folderId);
        var project = Uri.EscapeDataString(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        using var json = await transport.GetJsonAsync(ApsEndpoint.FolderPermissions,
            new Uri($"bim360/docs/v1/projects/{project}/folders/{Uri.EscapeDataString(folderId)}/permissions", UriKind.Relative), cancellationToken).ConfigureAwait(false);
        if (json.RootElement.ValueKind != JsonValueKind.Array)
        {
            throw new ApsResponseException(ApsEndpoint.FolderPermissions, $"APS {ApsEndpoint.FolderPermissions} answered {json.RootElement.ValueKind}, not the array of subjects.");
        }

        return [.. json.RootElement.EnumerateArray().Select(s => s.Clone())];
    }
}
