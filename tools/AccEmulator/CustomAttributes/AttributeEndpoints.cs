using System.Buffers;
using System.Text.Json;
using AccEmulator.DocsPermissions;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;
using AccEmulator.Issues;

namespace AccEmulator.CustomAttributes;

/// <summary>
/// Docs custom attributes (project id without <c>b.</c>): <c>GET /bim360/docs/v1/projects/{projectId}/folders/{folderId}/custom-attribute-definitions</c>
/// (offset paging, <c>limit</c> 1–200, default 10; the folder's own definitions and those it inherits) and
/// <c>POST /bim360/docs/v1/projects/{projectId}/versions:batch-get</c> (<c>{"urns":[…]}</c>, at most <see cref="MaxUrns"/>;
/// <c>{"results":[…],"errors":[…]}</c>). The app's token or a user's (a service account must be a member of the project).
/// </summary>
internal static class AttributeEndpoints
{
    public const int MaxLimit = 200;
    public const int DefaultLimit = 10;

    /// <summary>Versions one batch-get takes (Autodesk's reference names no maximum; the emulator holds clients to this one).</summary>
    public const int MaxUrns = 50;

    public static void Map(WebApplication app)
    {
        app.MapGet("/bim360/docs/v1/projects/{projectId}/folders/{folderId}/custom-attribute-definitions", Definitions).Aps(EndpointCategory.AttributeDefinitions);
        app.MapPost("/bim360/docs/v1/projects/{projectId}/versions:batch-get", BatchGetAsync).Aps(EndpointCategory.AttributeValues);
    }

    private static IResult Definitions(string projectId, string folderId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error))
        {
            return ApsErrors.BadInput(error!);
        }

        page = request.Query.ContainsKey("limit") ? page : page with { Limit = DefaultLimit };
        lock (state.Attributes.SyncRoot)
        {
            var (project, refused) = DocsProjectAccess.Check(projectId, request, state);
            if (refused is not null)
            {
                return refused;
            }

            if (state.Account.FindFolder(project!.Id, folderId) is not { } folder)
            {
                return ApsErrors.NotFound($"Folder '{folderId}' not found in project '{projectId}'.");
            }

            var definitions = state.Attributes.DefinitionsOf(folder);
            return JsonBody.Object(w => page.Write(w, definitions, AttributeJson.WriteDefinition));
        }
    }

    private static async Task<IResult> BatchGetAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        JsonElement body;
        try
        {
            body = await request.ReadFromJsonAsync<JsonElement>(request.HttpContext.RequestAborted);
        }
        catch (JsonException e)
        {
            return ApsErrors.BadInput("The body is not JSON: " + e.Message);
        }

        if (body.ValueKind != JsonValueKind.Object || !body.TryGetProperty("urns", out var urns) || urns.ValueKind != JsonValueKind.Array
            || urns.EnumerateArray().Any(u => u.ValueKind != JsonValueKind.String))
        {
            return ApsErrors.BadInput("The body must be {\"urns\":[…]} with version (or item) URNs.");
        }

        if (urns.GetArrayLength() is 0 or > MaxUrns)
        {
            return ApsErrors.BadInput($"urns takes 1 to {MaxUrns} URNs, not {urns.GetArrayLength()}.");
        }

        var buffer = new ArrayBufferWriter<byte>();
        lock (state.Attributes.SyncRoot)
        {
            var (project, refused) = DocsProjectAccess.Check(projectId, request, state);
            if (refused is not null)
            {
                return refused;
            }

            using var w = new Utf8JsonWriter(buffer);
            w.WriteStartObject();
            var missing = new List<string>();
            w.WriteStartArray("results");
            foreach (var urn in urns.EnumerateArray().Select(u => u.GetString()!))
            {
                // An item URN answers for its tip, as the reference says.
                var version = state.Account.Versions.GetValueOrDefault(urn) ?? state.Account.FindItem(project!.Id, urn)?.Tip;
                if (version is null || version.Item.Parent.Project != project)
                {
                    missing.Add(urn);
                    continue;
                }

                AttributeJson.WriteVersion(w, state.Attributes, version);
            }

            w.WriteEndArray();
            w.WriteStartArray("errors");
            foreach (var urn in missing)
            {
                w.WriteStartObject();
                w.WriteString("urn", urn);
                w.WriteString("code", "NOT_FOUND");
                w.WriteString("title", "The document was not found in the project.");
                w.WriteEndObject();
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        return Results.Bytes(buffer.WrittenMemory.ToArray(), "application/json; charset=utf-8");
    }
}
