using AccEmulator.Accounts;
using AccEmulator.Hosting;

namespace AccEmulator.Permissions;

/// <summary>
/// Who a Data Management write acts as: the user of a user-context token, else the <c>x-user-id</c> header, else the app
/// (null). Per the reference, <c>x-user-id</c> only counts with a two-legged token; a user-context token names its own user.
/// </summary>
internal static class WriteIdentity
{
    public const string UserIdHeader = "x-user-id";

    public static string? Of(HttpRequest request, EmulatorState state)
    {
        if (state.Tokens.UserOf(request.Headers.Authorization) is { } user)
        {
            return user.UserId;
        }

        var header = request.Headers[UserIdHeader].ToString();
        return header.Length == 0 ? null : header;
    }

    /// <summary>
    /// Why a user-context token may not write in <paramref name="project"/>: its scopes lack <c>data:write</c> and
    /// <c>data:create</c>, or its service account is not a member of the project; null when it may (or for two-legged tokens,
    /// whose scopes the emulator does not record).
    /// </summary>
    public static string? Refusal(HttpRequest request, EmulatorState state, EmulatedProject project)
    {
        if (state.Tokens.UserOf(request.Headers.Authorization) is not { } user)
        {
            return null;
        }

        if (!user.Scopes.Contains("data:write") && !user.Scopes.Contains("data:create"))
        {
            return "The token lacks the data:create (or data:write) scope.";
        }

        return state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(project.ProjectGuid)
            ? $"User '{user.UserId}' is not a member of project '{project.Id}'."
            : null;
    }
}
