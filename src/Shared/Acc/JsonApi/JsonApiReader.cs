using System.Globalization;
using System.Text.Json;

namespace AccBackup.Acc.JsonApi;

/// <summary>Reads fields of an APS JSON body; a missing or mistyped field becomes an error naming endpoint and field.</summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Performance", "CA1822", Justification = "One reader API for every field; some reads need the endpoint for their error, some not.")]
internal readonly struct JsonApiReader(ApsEndpoint endpoint)
{
    public JsonElement Required(JsonElement parent, string name, JsonValueKind kind)
    {
        if (parent.ValueKind != JsonValueKind.Object || !parent.TryGetProperty(name, out var value))
        {
            throw Malformed($"missing field '{name}'");
        }

        if (value.ValueKind != kind)
        {
            throw Malformed($"field '{name}' is {value.ValueKind}, expected {kind}");
        }

        return value;
    }

    public JsonElement? Optional(JsonElement parent, string name)
    {
        if (parent.ValueKind == JsonValueKind.Object && parent.TryGetProperty(name, out var value) && value.ValueKind != JsonValueKind.Null)
        {
            return value;
        }

        return null;
    }

    public JsonElement? OptionalPath(JsonElement parent, params ReadOnlySpan<string> names)
    {
        JsonElement? current = parent;
        foreach (var name in names)
        {
            current = current is { } element ? Optional(element, name) : null;
        }

        return current;
    }

    public string RequiredString(JsonElement parent, string name) =>
        Required(parent, name, JsonValueKind.String).GetString()!;

    public string? OptionalString(JsonElement parent, string name) => Optional(parent, name) switch
    {
        null => null,
        { ValueKind: JsonValueKind.String } value => value.GetString(),
        { } other => throw Malformed($"field '{name}' is {other.ValueKind}, expected String"),
    };

    public long RequiredInt64(JsonElement parent, string name) =>
        OptionalInt64(parent, name) ?? throw Malformed($"missing field '{name}'");

    public long? OptionalInt64(JsonElement parent, string name) => Optional(parent, name) switch
    {
        null => null,
        { ValueKind: JsonValueKind.Number } value when value.TryGetInt64(out var number) => number,
        { } other => throw Malformed($"field '{name}' is not a 64-bit integer: {other.GetRawText()}"),
    };

    public bool OptionalBool(JsonElement parent, string name) =>
        Optional(parent, name) is { ValueKind: JsonValueKind.True };

    public DateTimeOffset? OptionalTime(JsonElement parent, string name)
    {
        var text = OptionalString(parent, name);
        if (text is null)
        {
            return null;
        }

        return DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var time)
            ? time
            : throw Malformed($"field '{name}' is not a timestamp: '{text}'");
    }

    public ApsResponseException Malformed(string what) =>
        new(endpoint, $"APS {endpoint} returned an unexpected body: {what}.");
}
