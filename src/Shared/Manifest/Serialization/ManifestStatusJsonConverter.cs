using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Manifest.Serialization;

/// <summary>Writes <see cref="ManifestStatus"/> camelCase (<c>copied</c>, <c>noContent</c>, as documented) and reads either spelling.</summary>
/// <remarks>
/// Manifests written before the statuses were camelCase say <c>Copied</c>, <c>NoContent</c>; they live in users' storage and
/// must keep reading. Names are matched ignoring case; numbers are refused, so a status is never a silent ordinal.
/// </remarks>
public sealed class ManifestStatusJsonConverter : JsonConverter<ManifestStatus>
{
    /// <inheritdoc />
    public override ManifestStatus Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.String)
        {
            throw new JsonException($"A manifest status must be a string such as \"copied\"; got {reader.TokenType}.");
        }

        var name = reader.GetString();
        return ManifestStatusNames.TryParse(name, out var status)
            ? status
            : throw new JsonException($"'{name}' is not a manifest status ({string.Join(", ", ManifestStatusNames.All)}).");
    }

    /// <inheritdoc />
    public override void Write(Utf8JsonWriter writer, ManifestStatus value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStringValue(ManifestStatusNames.Of(value));
    }
}
