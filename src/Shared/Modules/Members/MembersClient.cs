using System.Globalization;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Modules.Members;

/// <summary>Reads a project's users from the ACC Admin API with the app's own token, inside its quota (600/min) and the APS
/// retries: the members listed by default (active and pending), or the removed ones (<c>filter[status]=deleted</c>).</summary>
public sealed class MembersClient(ApsTransport transport)
{
    /// <summary>The largest page the Admin API serves.</summary>
    public const int PageLimit = 200;

    /// <summary>Every member of one pass: active and pending, or (<paramref name="removed"/>) only those removed from the project.</summary>
    public IAsyncEnumerable<JsonElement> ListAsync(string projectId, bool removed, CancellationToken cancellationToken)
    {
        var project = Uri.EscapeDataString(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        var filter = removed ? "filter%5Bstatus%5D=deleted" : "filter%5Bstatus%5D=active%2Cpending";
        return OffsetPages.ReadAsync(ApsEndpoint.ProjectUsers, (offset, ct) => transport.GetJsonAsync(ApsEndpoint.ProjectUsers,
            new Uri(string.Create(CultureInfo.InvariantCulture, $"construction/admin/v1/projects/{project}/users?{filter}&limit={PageLimit}&offset={offset}"), UriKind.Relative), ct),
            cancellationToken);
    }
}
