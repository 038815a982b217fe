using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Sheets;

/// <summary>The emulator's own endpoints for sheets (no token): <c>GET /_emulator/sheets/truth</c> and <c>POST /_emulator/sheets/mutations</c>.</summary>
internal static class SheetControlEndpoints
{
    public static void Map(WebApplication app)
    {
        var control = app.MapGroup("/_emulator/sheets");
        control.MapGet("/truth", (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = state.SheetTruth.Get(projectId.Length == 0 ? null : projectId);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);
        control.MapPost("/mutations", (SheetMutationRequest request, EmulatorState state) => Mutate(request, state.SheetMutator)).Aps(EndpointCategory.Control, false);
    }

    private static IResult Mutate(SheetMutationRequest request, SheetMutator mutator)
    {
        try
        {
            object result = request.Kind switch
            {
                SheetMutationKind.AddVersionSet => new { versionSetId = mutator.AddVersionSet(Required(request.ProjectId), request.Name ?? "Added set", request.Count ?? 3) },
                SheetMutationKind.RenameSheet => Done(() => mutator.RenameSheet(Guid.Parse(Required(request.SheetId)), Required(request.Name))),
                SheetMutationKind.DeleteSheet => Done(() => mutator.DeleteSheet(Guid.Parse(Required(request.SheetId)))),
                SheetMutationKind.AddMarkup => Done(() => mutator.AddMarkup(Guid.Parse(Required(request.SheetId)), request.Name ?? "New markup")),
                SheetMutationKind.Deactivate => Done(() => mutator.SetActivated(Required(request.ProjectId), false)),
                _ => throw new ArgumentException($"Unknown sheet mutation kind '{request.Kind}'."),
            };
            return Results.Json(result, ControlEndpoints.Json);
        }
        catch (KeyNotFoundException e)
        {
            return Results.Json(new { error = e.Message }, ControlEndpoints.Json, statusCode: StatusCodes.Status404NotFound);
        }
        catch (Exception e) when (e is ArgumentException or FormatException)
        {
            return Results.Json(new { error = e.Message }, ControlEndpoints.Json, statusCode: StatusCodes.Status400BadRequest);
        }
    }

    private static object Done(Action change)
    {
        change();
        return new { done = true };
    }

    private static string Required(string? value) => value ?? throw new ArgumentException("A required field is missing.");
}

/// <summary>The body of <c>POST /_emulator/sheets/mutations</c>, e.g. <c>{"kind":"addMarkup","sheetId":"…","name":"Check"}</c>.</summary>
public sealed record SheetMutationRequest(SheetMutationKind Kind, string? ProjectId, string? SheetId, string? Name, int? Count);

/// <summary>What a sheet mutation does.</summary>
public enum SheetMutationKind
{
    /// <summary>A new ungrouped version set <c>name</c> of <c>count</c> sheets in <c>projectId</c>.</summary>
    AddVersionSet,

    /// <summary>Sheet <c>sheetId</c> retitled <c>name</c>.</summary>
    RenameSheet,

    /// <summary>Deletes <c>sheetId</c>.</summary>
    DeleteSheet,

    /// <summary>A published markup <c>name</c> on <c>sheetId</c>.</summary>
    AddMarkup,

    /// <summary>The Sheets tool deactivated on <c>projectId</c>.</summary>
    Deactivate,
}
