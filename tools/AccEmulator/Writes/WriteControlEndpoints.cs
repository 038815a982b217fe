using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Writes;

/// <summary>
/// The write side's control endpoints: <c>GET /_emulator/writes</c> (<see cref="WriteStats"/>) and
/// <c>PUT /_emulator/permissions</c> <c>{"folderId","userId","actions":[…]}</c> (<see cref="Permissions.FolderPermissions.Set"/>;
/// <c>DELETE</c> clears them all).
/// </summary>
internal static class WriteControlEndpoints
{
    public static void Map(WebApplication app)
    {
        var control = app.MapGroup("/_emulator");
        control.MapGet("/writes", (EmulatorState state) => Results.Json(state.WriteStats(), ControlEndpoints.Json)).Aps(EndpointCategory.Control, false);
        control.MapPut("/permissions", (PermissionRequest request, EmulatorState state) =>
        {
            try
            {
                state.Permissions.Set(request.FolderId ?? "", request.UserId ?? "", request.Actions ?? []);
                return Results.NoContent();
            }
            catch (ArgumentException e)
            {
                return Results.Json(new { error = e.Message }, ControlEndpoints.Json, statusCode: StatusCodes.Status400BadRequest);
            }
        }).Aps(EndpointCategory.Control, false);
        control.MapDelete("/permissions", (EmulatorState state) =>
        {
            state.Permissions.Clear();
            return Results.NoContent();
        }).Aps(EndpointCategory.Control, false);
    }

    /// <summary>The body of <c>PUT /_emulator/permissions</c>.</summary>
    internal sealed record PermissionRequest(string? FolderId, string? UserId, IReadOnlyList<string>? Actions);
}
