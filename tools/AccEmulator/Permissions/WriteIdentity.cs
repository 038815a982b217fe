using AccEmulator.Hosting;

namespace AccEmulator.Permissions;

/// <summary>Who a Data Management request acts as: the user of a user-context token, else the <c>x-user-id</c> header, else the app (null).</summary>
/// <remarks>Per the reference, <c>x-user-id</c> only counts with a two-legged token; a user-context token names its own user.</remarks>
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
}
