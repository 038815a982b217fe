using System.Globalization;
using System.Text.Json;
using AccBackup.Acc;

namespace AccBackup.Modules.Attributes;

/// <summary>Reads Docs custom attributes with the app's own token, inside each endpoint's quota and the APS retries: a folder's
/// definitions (<c>GET …/folders/{folder}/custom-attribute-definitions</c>, offset paging) and versions' values
/// (<c>POST …/versions:batch-get</c>).</summary>
public sealed class AttributesClient(ApsTransport transport)
{
    /// <summary>The largest definitions page the API serves.</summary>
    public const int DefinitionsPageLimit = 200;

    /// <summary>Versions asked in one <c>versions:batch-get</c>. Autodesk's reference names no maximum; 50 is the size its own
    /// samples send, so a batch is never refused for its size.</summary>
    public const int ValuesBatchSize = 50;

    /// <summary>Every attribute definition that applies to <paramref name="folderId"/> (its own and those inherited from its parents).</summary>
    public async Task<IReadOnlyList<JsonElement>> DefinitionsAsync(string projectId, string folderId, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(folderId);
        var path = $"bim360/docs/v1/projects/{Project(projectId)}/folders/{Uri.EscapeDataString(folderId)}/custom-attribute-definitions";
        return await OffsetPages.ToListAsync(OffsetPages.ReadAsync(ApsEndpoint.AttributeDefinitions, (offset, ct) => transport.GetJsonAsync(ApsEndpoint.AttributeDefinitions,
            new Uri(string.Create(CultureInfo.InvariantCulture, $"{path}?limit={DefinitionsPageLimit}&offset={offset}"), UriKind.Relative), ct), cancellationToken)).ConfigureAwait(false);
    }

    /// <summary>The attribute values of up to <see cref="ValuesBatchSize"/> versions: each version's record by its URN, and the
    /// error APS gave for each version it could not answer.</summary>
    public async Task<AttributeValuesBatch> ValuesAsync(string projectId, IReadOnlyList<string> versionIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(versionIds);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(versionIds.Count, ValuesBatchSize);
        var body = JsonSerializer.SerializeToUtf8Bytes(new BatchGetBody(versionIds), AttributeJsonContext.Default.BatchGetBody);
        using var json = await transport.PostJsonAsync(ApsEndpoint.AttributeValues,
            new Uri($"bim360/docs/v1/projects/{Project(projectId)}/versions:batch-get", UriKind.Relative), body, cancellationToken).ConfigureAwait(false);
        var reader = new Acc.JsonApi.JsonApiReader(ApsEndpoint.AttributeValues);
        var results = reader.Required(json.RootElement, "results", JsonValueKind.Array).EnumerateArray()
            .Where(r => ModuleJson.Text(r, "urn") is not null)
            .GroupBy(r => ModuleJson.Text(r, "urn")!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First().Clone(), StringComparer.Ordinal);
        var errors = json.RootElement.TryGetProperty("errors", out var list) && list.ValueKind == JsonValueKind.Array
            ? list.EnumerateArray().Where(e => ModuleJson.Text(e, "urn") is not null)
                .GroupBy(e => ModuleJson.Text(e, "urn")!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First().GetRawText(), StringComparer.Ordinal)
            : [];
        return new AttributeValuesBatch(results, errors);
    }

    private static string Project(string projectId) =>
        Uri.EscapeDataString(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
}

/// <summary>The body of <c>versions:batch-get</c>: <c>{"urns":[…]}</c>.</summary>
internal sealed record BatchGetBody(IReadOnlyList<string> Urns);
