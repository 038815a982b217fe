using System.Text.Json;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Issues;

/// <summary>
/// The ACC Issues API v1 (<c>/construction/issues/v1/projects/{projectId}/…</c>, project id without <c>b.</c>): issues with
/// offset paging, the updatedAt/deleted filters and sortBy, one issue, comments, attachments and the project's issue settings.
/// Only a user-context token reaches them (<see cref="UserContextAccessFilter"/>, which also counts the per-user quota).
/// </summary>
internal static class IssueEndpoints
{
    public const int MaxLimit = 100;
    public const int MaxAttributeLimit = 200;

    public static void Map(WebApplication app)
    {
        var project = app.MapGroup("/construction/issues/v1/projects/{projectId}").AddEndpointFilter(new UserContextAccessFilter("Issues", (state, id) => Project(state, id)?.ProjectGuid));
        project.MapGet("/issues", ListIssues).Aps(EndpointCategory.Issues);
        project.MapGet("/issues/{issueId}", GetIssue).Aps(EndpointCategory.Issues);
        project.MapGet("/issues/{issueId}/comments", ListComments).Aps(EndpointCategory.Issues);
        project.MapGet("/attachments/{issueId}/items", ListAttachments).Aps(EndpointCategory.Issues);
        project.MapGet("/issue-types", ListTypes).Aps(EndpointCategory.Issues);
        project.MapGet("/issue-root-cause-categories", ListRootCauses).Aps(EndpointCategory.Issues);
        project.MapGet("/issue-attribute-definitions", ListAttributeDefinitions).Aps(EndpointCategory.Issues);
        project.MapGet("/issue-attribute-mappings", ListAttributeMappings).Aps(EndpointCategory.Issues);
    }

    private static IResult ListIssues(string projectId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error)
            || !IssueFilter.TryParse(request.Query, state.Options.RefuseIssueUpdatedAtRanges, out var filter, out error)
            || !IssueSort.TryParse(request.Query, out var sort, out error))
        {
            return BadRequest(error!);
        }

        lock (state.Issues.SyncRoot)
        {
            var project = Project(state, projectId)!;
            var matching = sort.Apply(project.Issues.Where(filter.Matches)).ToList();
            return JsonBody.Object(w => page.Write(w, matching, IssueJson.WriteIssue));
        }
    }

    private static IResult GetIssue(string projectId, string issueId, EmulatorState state)
    {
        lock (state.Issues.SyncRoot)
        {
            return Issue(state, projectId, issueId) is { } issue
                ? JsonBody.Object(w => IssueJson.WriteIssueMembers(w, issue))
                : IssueNotFound(issueId);
        }
    }

    private static IResult ListComments(string projectId, string issueId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Issues.SyncRoot)
        {
            return Issue(state, projectId, issueId) is { } issue
                ? JsonBody.Object(w => page.Write(w, issue.Comments, IssueJson.WriteComment))
                : IssueNotFound(issueId);
        }
    }

    private static IResult ListAttachments(string projectId, string issueId, EmulatorState state)
    {
        lock (state.Issues.SyncRoot)
        {
            if (Issue(state, projectId, issueId) is not { } issue)
            {
                return IssueNotFound(issueId);
            }

            // No pagination object: an issue holds at most 100 attachments.
            return JsonBody.Object(w =>
            {
                w.WriteStartArray("attachments");
                foreach (var attachment in issue.Attachments)
                {
                    IssueJson.WriteAttachment(w, attachment);
                }

                w.WriteEndArray();
            });
        }
    }

    private static IResult ListTypes(string projectId, HttpRequest request, EmulatorState state)
    {
        var subtypes = Includes(request, "subtypes");
        return Settings(projectId, request, state, MaxLimit, p => p.Settings.Types, (w, p, type) => IssueJson.WriteType(w, type, p.ProjectGuid, subtypes));
    }

    private static IResult ListRootCauses(string projectId, HttpRequest request, EmulatorState state)
    {
        var causes = Includes(request, "rootcauses");
        return Settings(projectId, request, state, MaxLimit, p => p.Settings.RootCauseCategories, (w, _, category) => IssueJson.WriteRootCauseCategory(w, category, causes));
    }

    private static IResult ListAttributeDefinitions(string projectId, HttpRequest request, EmulatorState state) =>
        Settings(projectId, request, state, MaxAttributeLimit, p => p.Settings.AttributeDefinitions,
            (w, p, definition) => IssueJson.WriteAttributeDefinition(w, definition, p.ProjectGuid));

    private static IResult ListAttributeMappings(string projectId, HttpRequest request, EmulatorState state) =>
        Settings(projectId, request, state, MaxAttributeLimit, p => p.Settings.AttributeMappings,
            (w, p, mapping) => IssueJson.WriteAttributeMapping(w, mapping, p.ProjectGuid));

    private static IResult Settings<T>(string projectId, HttpRequest request, EmulatorState state, int maxLimit,
        Func<ProjectIssues, IReadOnlyList<T>> items, Action<Utf8JsonWriter, ProjectIssues, T> write)
    {
        if (!IssuePage.TryParse(request.Query, maxLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Issues.SyncRoot)
        {
            var project = Project(state, projectId)!;
            var all = items(project);
            return JsonBody.Object(w => page.Write(w, all, (writer, item) => write(writer, project, item)));
        }
    }

    private static bool Includes(HttpRequest request, string what) =>
        request.Query["include"].ToString().Split(',', StringSplitOptions.TrimEntries).Contains(what, StringComparer.OrdinalIgnoreCase);

    /// <summary>The project of a route; the access filter has already answered 404 for an unknown one.</summary>
    internal static ProjectIssues? Project(EmulatorState state, string projectId) =>
        Guid.TryParse(projectId, out var guid) && !projectId.StartsWith("b.", StringComparison.Ordinal) ? state.Issues.Find(guid) : null;

    private static EmulatedIssue? Issue(EmulatorState state, string projectId, string issueId) =>
        Guid.TryParse(issueId, out var id) && state.Issues.FindIssue(id) is { } issue && Project(state, projectId)?.ProjectGuid == issue.ProjectGuid
            ? issue
            : null;

    private static IResult BadRequest(string message) => ApsErrors.Gateway(StatusCodes.Status400BadRequest, message, "ERR_BAD_INPUT");

    private static IResult IssueNotFound(string issueId) => ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Issue '{issueId}' not found.", "ERR_NOT_FOUND");
}
