using System.Text.Json;
using System.Text.Json.Serialization;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Hosting;

namespace AccEmulator.Control;

/// <summary>The emulator's own endpoints under <c>/_emulator</c>: stats, truth, mutations and faults (no token needed).</summary>
internal static class ControlEndpoints
{
    public static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter() },
        DefaultIgnoreCondition = JsonIgnoreCondition.Never,
    };

    public static void Map(WebApplication app)
    {
        var control = app.MapGroup("/_emulator");
        control.MapGet("/stats", (EmulatorState state) => Results.Json(state.Stats.Snapshot(), Json)).Aps(EndpointCategory.Control, false);
        control.MapPost("/stats/reset", (EmulatorState state) =>
        {
            state.Stats.Reset();
            return Results.NoContent();
        }).Aps(EndpointCategory.Control, false);
        control.MapGet("/truth", GetTruthAsync).Aps(EndpointCategory.Control, false);
        control.MapPost("/mutations", (MutationRequest request, EmulatorState state) => Mutate(request, state)).Aps(EndpointCategory.Control, false);
        control.MapGet("/faults", (EmulatorState state) => Results.Json(state.Faults.Options, Json)).Aps(EndpointCategory.Control, false);
        control.MapPut("/faults", (FaultOptions faults, EmulatorState state) =>
        {
            state.Faults.Options = faults;
            return Results.Json(faults, Json);
        }).Aps(EndpointCategory.Control, false);
    }

    /// <summary><c>?sha256=none|limit|all</c> (default limit): which files get hashed.</summary>
    private static async Task<IResult> GetTruthAsync(HttpRequest request, EmulatorState state)
    {
        var hashing = request.Query["sha256"].ToString() switch
        {
            "none" => TruthHashing.None,
            "all" => TruthHashing.All,
            _ => TruthHashing.UpToLimit,
        };
        var files = await state.Truth.GetFilesAsync(hashing, request.HttpContext.RequestAborted);
        return Results.Json(new { hubId = state.Account.HubId, accountId = state.Account.AccountId, files }, Json);
    }

    private static IResult Mutate(MutationRequest request, EmulatorState state)
    {
        var mutator = state.Mutator;
        try
        {
            var result = request.Kind switch
            {
                MutationKind.AddFile => mutator.AddFile(Required(request.FolderId), Required(request.Name), request.Size ?? 1024),
                MutationKind.ChangeFile => mutator.ChangeFile(Required(request.ItemId), request.Size),
                MutationKind.RenameFile => mutator.RenameFile(Required(request.ItemId), Required(request.Name)),
                MutationKind.DeleteFile => mutator.DeleteFile(Required(request.ItemId)),
                MutationKind.AddFolder => mutator.AddFolder(Required(request.FolderId), Required(request.Name)),
                MutationKind.RenameFolder => mutator.RenameFolder(Required(request.FolderId), Required(request.Name)),
                MutationKind.Ransomware => mutator.Ransomware(Required(request.ProjectId ?? request.FolderId)),
                _ => throw new ArgumentException($"Unknown mutation kind '{request.Kind}'."),
            };
            return Results.Json(result, Json);
        }
        catch (KeyNotFoundException e)
        {
            return Results.Json(new { error = e.Message }, Json, statusCode: StatusCodes.Status404NotFound);
        }
        catch (ArgumentException e)
        {
            return Results.Json(new { error = e.Message }, Json, statusCode: StatusCodes.Status400BadRequest);
        }
    }

    private static string Required(string? value) => value ?? throw new ArgumentException("A required field is missing.");
}
