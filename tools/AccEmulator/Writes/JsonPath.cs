using System.Text.Json;

namespace AccEmulator.Writes;

/// <summary>Reads optional members of a JSON:API request body by path: a missing member or another kind of value is null.</summary>
internal static class JsonPath
{
    public static JsonElement? Find(this JsonElement element, params ReadOnlySpan<string> path)
    {
        foreach (var name in path)
        {
            if (element.ValueKind != JsonValueKind.Object || !element.TryGetProperty(name, out element))
            {
                return null;
            }
        }

        return element;
    }

    public static string? String(this JsonElement element, params ReadOnlySpan<string> path) =>
        element.Find(path) is { ValueKind: JsonValueKind.String } value ? value.GetString() : null;

    public static bool? Boolean(this JsonElement element, params ReadOnlySpan<string> path) =>
        element.Find(path) is { ValueKind: JsonValueKind.True or JsonValueKind.False } value ? value.GetBoolean() : null;

    /// <summary>The request body as JSON, or null when it is not JSON.</summary>
    public static async Task<JsonDocument?> ReadAsync(HttpRequest request)
    {
        try
        {
            return await JsonDocument.ParseAsync(request.Body, cancellationToken: request.HttpContext.RequestAborted);
        }
        catch (JsonException)
        {
            return null;
        }
    }
}
