using AccEmulator.Auth;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Issues;

/// <summary>The emulator's own endpoints for issues (no token): <c>/_emulator/issues/truth</c>, <c>/_emulator/issues/mutations</c>,
/// and <c>/_emulator/service-accounts</c> to register a service account's public key.</summary>
internal static class IssueControlEndpoints
{
    public static void Map(WebApplication app)
    {
        var control = app.MapGroup("/_emulator");
        control.MapGet("/issues/truth", async (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = await state.IssueTruth.GetAsync(projectId.Length == 0 ? null : projectId, request.HttpContext.RequestAborted);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);
        control.MapPost("/issues/mutations", (IssueMutationRequest request, EmulatorState state) => Mutate(request, state.IssueMutator))
            .Aps(EndpointCategory.Control, false);
        control.MapPost("/service-accounts", (EmulatedServiceAccount account, EmulatorState state) =>
        {
            try
            {
                state.ServiceAccounts.Register(account);
                return Results.NoContent();
            }
            catch (ArgumentException e)
            {
                return Results.Json(new { error = e.Message }, ControlEndpoints.Json, statusCode: StatusCodes.Status400BadRequest);
            }
        }).Aps(EndpointCategory.Control, false);
    }

    private static IResult Mutate(IssueMutationRequest request, IssueMutator mutator)
    {
        try
        {
            var result = request.Kind switch
            {
                IssueMutationKind.CreateIssue => mutator.CreateIssue(Required(request.ProjectId), Required(request.Title)),
                IssueMutationKind.UpdateIssue => mutator.UpdateIssue(Required(request.IssueId), request.Title, request.Status, request.Description),
                IssueMutationKind.DeleteIssue => mutator.DeleteIssue(Required(request.IssueId)),
                IssueMutationKind.PurgeIssue => mutator.PurgeIssue(Required(request.IssueId)),
                IssueMutationKind.AddComment => mutator.AddComment(Required(request.IssueId), Required(request.Body)),
                IssueMutationKind.AddAttachment => mutator.AddAttachment(Required(request.IssueId), Required(request.Name), request.Size ?? 100_000),
                IssueMutationKind.AttachDocsFile => mutator.AttachDocsFile(Required(request.IssueId), Required(request.VersionId)),
                _ => throw new ArgumentException($"Unknown issue mutation kind '{request.Kind}'."),
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

    private static string Required(string? value) => value ?? throw new ArgumentException("A required field is missing.");
}

/// <summary>The body of <c>POST /_emulator/issues/mutations</c>, e.g. <c>{"kind":"addComment","issueId":"…","body":"Fixed."}</c>.</summary>
public sealed record IssueMutationRequest(
    IssueMutationKind Kind, string? ProjectId, string? IssueId, string? Title, string? Status, string? Description, string? Body, string? Name, long? Size,
    string? VersionId = null);

/// <summary>What an issue mutation does.</summary>
public enum IssueMutationKind
{
    /// <summary>A new open issue in <c>projectId</c> titled <c>title</c>.</summary>
    CreateIssue,

    /// <summary>New <c>title</c>, <c>status</c> or <c>description</c> for <c>issueId</c>.</summary>
    UpdateIssue,

    /// <summary>Deletes <c>issueId</c>.</summary>
    DeleteIssue,

    /// <summary>Removes <c>issueId</c> (live or deleted) from every listing, as a purge or a move to another project does.</summary>
    PurgeIssue,

    /// <summary>A comment <c>body</c> on <c>issueId</c>.</summary>
    AddComment,

    /// <summary>An attachment <c>name</c> of <c>size</c> bytes on <c>issueId</c>.</summary>
    AddAttachment,

    /// <summary>The Docs file version <c>versionId</c> (of the issue's project) attached to <c>issueId</c>.</summary>
    AttachDocsFile,
}
