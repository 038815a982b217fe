using AccEmulator.Accounts;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.DocsPermissions;

/// <summary>The checks every <c>/bim360/docs/v1/projects/{projectId}/…</c> endpoint makes: the project (a GUID without <c>b.</c>)
/// exists, and a user-context token's service account is a member of it (the app's own token sees every project).</summary>
internal static class DocsProjectAccess
{
    /// <summary>The project, or the error to answer.</summary>
    public static (EmulatedProject? Project, IResult? Error) Check(string projectId, HttpRequest request, EmulatorState state)
    {
        if (projectId.StartsWith("b.", StringComparison.Ordinal) || !Guid.TryParse(projectId, out var guid)
            || state.Account.FindProject("b." + guid.ToString("D")) is not { } project)
        {
            return (null, ApsErrors.NotFound($"Project '{projectId}' not found (the BIM 360 project id is the GUID without 'b.')."));
        }

        if (state.Tokens.UserOf(request.Headers.Authorization) is { } user
            && state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(guid))
        {
            return (null, ApsErrors.Forbidden($"User '{user.UserId}' is not a member of project '{projectId}'."));
        }

        return (project, null);
    }
}
