using System.Net;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Modules.Photos;

/// <summary>Reads the links of a project's photos from the Relationships API's <c>:sync</c> with a service account's user-context
/// token (120 requests a minute per user): with the token of the night before, only the links made and removed since; without
/// one, or when the service refuses it as expired, every link once (<see cref="RelationshipSync.Overwrite"/>).</summary>
public sealed class RelationshipsClient
{
    /// <summary>The Relationships domain of ACC photos: a sync filtered on it gives every link with a photo at one end.</summary>
    public const string PhotoDomain = "autodesk-construction-photo";

    private readonly ApsTransport transport;

    internal RelationshipsClient(ApsTransport transport) => this.transport = transport;

    /// <summary>The links of the project's photos changed since <paramref name="syncToken"/> (every link when null or refused).</summary>
    public async Task<RelationshipSync> SyncAsync(string projectId, string? syncToken, CancellationToken cancellationToken)
    {
        try
        {
            return await ReadAsync(projectId, syncToken, cancellationToken).ConfigureAwait(false);
        }
        catch (ApsRequestException e) when (syncToken is not null && e.Status is HttpStatusCode.BadRequest or HttpStatusCode.Gone)
        {
            // The service keeps a token for a while only; a refused one means reading every link once.
            var full = await ReadAsync(projectId, null, cancellationToken).ConfigureAwait(false);
            return full with { TokenRefused = e.Message };
        }
    }

    private async Task<RelationshipSync> ReadAsync(string projectId, string? syncToken, CancellationToken cancellationToken)
    {
        var reader = new JsonApiReader(ApsEndpoint.Relationships);
        var url = new Uri($"bim360/relationship/v2/containers/{Uri.EscapeDataString(PhotosClient.PhotosProjectId(projectId))}/relationships:sync", UriKind.Relative);
        List<JsonElement> current = [], deleted = [];
        bool? overwrite = null;
        var token = syncToken;
        while (true)
        {
            var body = JsonSerializer.SerializeToUtf8Bytes(new SyncBody(token, new SyncFilters([PhotoDomain])), RelationshipJsonContext.Default.SyncBody);
            using var json = await transport.PostJsonAsync(ApsEndpoint.Relationships, url, body, cancellationToken).ConfigureAwait(false);
            overwrite ??= reader.OptionalBool(json.RootElement, "overwrite");
            Collect(current, reader.Optional(json.RootElement, "current"));
            Collect(deleted, reader.Optional(json.RootElement, "deleted"));
            token = reader.RequiredString(json.RootElement, "nextSyncToken");
            if (!reader.OptionalBool(json.RootElement, "moreData"))
            {
                return new RelationshipSync(current, deleted, token, overwrite.Value || syncToken is null, null);
            }
        }
    }

    // Autodesk's reference writes each set as {"data":[…]}; a generated SDK reads it as [{"data":[…]}]: both are taken.
    private static void Collect(List<JsonElement> into, JsonElement? set)
    {
        switch (set)
        {
            case { ValueKind: JsonValueKind.Object } one when one.TryGetProperty("data", out var data) && data.ValueKind == JsonValueKind.Array:
                into.AddRange(data.EnumerateArray().Select(d => d.Clone()));
                break;
            case { ValueKind: JsonValueKind.Array } many:
                foreach (var part in many.EnumerateArray())
                {
                    Collect(into, part);
                }

                break;
        }
    }
}

/// <summary>The body of <c>relationships:sync</c>.</summary>
internal sealed record SyncBody(
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)] string? SyncToken,
    SyncFilters Filters);

/// <summary>The domains a sync is filtered on.</summary>
internal sealed record SyncFilters(IReadOnlyList<string> Domains);

/// <summary>Source-generated JSON for the sync body.</summary>
[System.Text.Json.Serialization.JsonSourceGenerationOptions(PropertyNamingPolicy = System.Text.Json.Serialization.JsonKnownNamingPolicy.CamelCase)]
[System.Text.Json.Serialization.JsonSerializable(typeof(SyncBody))]
internal sealed partial class RelationshipJsonContext : System.Text.Json.Serialization.JsonSerializerContext;
