using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Manifest.Serialization;

/// <summary>Reads a string that repeats across tens of thousands of records (a project's id and name, an extension type,
/// how a file was verified) as one shared instance.</summary>
/// <remarks>A previous run's state holds every file of the account twice (manifest and inventory); each record reading
/// its own copy of these few values was a fifth of that memory. Only for values of few distinct strings: interned
/// strings live as long as the process.</remarks>
public sealed class InternedStringConverter : JsonConverter<string>
{
    /// <inheritdoc />
    public override string? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        reader.GetString() is { } value ? string.Intern(value) : null;

    /// <inheritdoc />
    public override string ReadAsPropertyName(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        string.Intern(reader.GetString() ?? "");

    /// <inheritdoc />
    public override void WriteAsPropertyName(Utf8JsonWriter writer, string value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WritePropertyName(value);
    }

    /// <inheritdoc />
    public override void Write(Utf8JsonWriter writer, string value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStringValue(value);
    }
}
