using System.Text.Json;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Photos;

/// <summary>
/// The Relationships API's sync (<c>POST /bim360/relationship/v2/containers/{containerId}/relationships:sync</c>, the container of
/// an ACC project is its id without <c>b.</c>): body <c>{syncToken?, filters{domains[]}}</c>, answer <c>{current{data[]}, deleted{data[]},
/// nextSyncToken, moreData, overwrite}</c>. Without a token every link held now (<c>overwrite</c> true); with one, the links made and
/// removed since it was issued. At most <see cref="EmulatorOptions.RelationshipSyncPageSize"/> links an answer, <c>moreData</c> while
/// more follow under the next token. A token of an earlier epoch (<see cref="PhotoMutator.ExpireSyncTokens"/>) is refused with 400.
/// Only a user-context token of a member of the project reaches it (<see cref="UserContextAccessFilter"/>); 120 requests a minute
/// per user.
/// </summary>
internal static class RelationshipEndpoints
{
    // The route names the container projectId: an ACC project's container is the project, and the user-context check finds it so.
    public static void Map(WebApplication app) =>
        app.MapPost("/bim360/relationship/v2/containers/{projectId}/relationships:sync", SyncAsync)
            .AddEndpointFilter(new UserContextAccessFilter("Relationships", PhotoEndpoints.Project)).Aps(EndpointCategory.Relationships);

    private static async Task<IResult> SyncAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        JsonElement body;
        try
        {
            body = request.ContentLength == 0 ? JsonDocument.Parse("{}").RootElement : await request.ReadFromJsonAsync<JsonElement>(request.HttpContext.RequestAborted);
        }
        catch (JsonException e)
        {
            return BadRequest("The body is not JSON: " + e.Message, "ERR_BAD_INPUT");
        }

        var domains = body.TryGetProperty("filters", out var filters) && filters.TryGetProperty("domains", out var d) && d.ValueKind == JsonValueKind.Array
            ? d.EnumerateArray().Select(x => x.GetString()!).ToHashSet(StringComparer.Ordinal)
            : null;
        var project = Guid.Parse(projectId);
        lock (state.Photos.SyncRoot)
        {
            var photos = state.Photos.Find(project)!;
            SyncToken token;
            if (body.TryGetProperty("syncToken", out var text) && text.ValueKind == JsonValueKind.String)
            {
                if (SyncToken.Decode(text.GetString()!) is not { } decoded || decoded.Project != project)
                {
                    return BadRequest("The sync token is not one this container issued.", "ERR_BAD_INPUT");
                }

                if (decoded.Epoch != state.Photos.TokenEpoch)
                {
                    return BadRequest("The sync token has expired; sync again without one.", "ERR_SYNC_TOKEN_EXPIRED");
                }

                token = decoded;
            }
            else
            {
                token = new SyncToken(state.Photos.TokenEpoch, project, -1, null, 0);
            }

            var upTo = token.UpTo ?? photos.Change;
            bool Matches(EmulatedRelationship r) => domains is null || domains.Contains(PhotoGenerator.PhotoDomain) || domains.Contains(r.Domain);
            var current = photos.Relationships.Where(r => Matches(r) && r.HeldAfter(upTo) && (token.Since < 0 || r.CreatedChange > token.Since)).OrderBy(r => r.CreatedChange);
            IEnumerable<EmulatedRelationship> deleted = token.Since < 0
                ? []
                : photos.Relationships.Where(r => Matches(r) && r.DeletedChange > token.Since && r.DeletedChange <= upTo && r.CreatedChange <= token.Since).OrderBy(r => r.DeletedChange);
            var all = current.Select(r => (Deleted: false, Item: r)).Concat(deleted.Select(r => (Deleted: true, Item: r))).ToList();
            var page = all.Skip(token.Offset).Take(state.Options.RelationshipSyncPageSize).ToList();
            var more = token.Offset + page.Count < all.Count;
            var next = more ? token with { UpTo = upTo, Offset = token.Offset + page.Count } : new SyncToken(state.Photos.TokenEpoch, project, upTo, null, 0);
            return JsonBody.Object(w =>
            {
                WriteSet(w, "current", page.Where(p => !p.Deleted).Select(p => p.Item));
                WriteSet(w, "deleted", page.Where(p => p.Deleted).Select(p => p.Item));
                w.WriteString("nextSyncToken", next.Encode());
                w.WriteBoolean("moreData", more);
                w.WriteBoolean("overwrite", token.Since < 0);
            });
        }
    }

    private static void WriteSet(Utf8JsonWriter w, string name, IEnumerable<EmulatedRelationship> relationships)
    {
        w.WriteStartObject(name);
        w.WriteStartArray("data");
        foreach (var relationship in relationships)
        {
            PhotoJson.WriteRelationship(w, relationship);
        }

        w.WriteEndArray();
        w.WriteEndObject();
    }

    private static IResult BadRequest(string message, string code) => ApsErrors.Gateway(StatusCodes.Status400BadRequest, message, code);
}
