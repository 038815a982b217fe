using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace AccBackup.Runs.State;

/// <summary>One instance per distinct string read while it lives: what a previous run's state reads from its manifest,
/// folder tree and inventory shares each item id, version id, blob name, path and folder name once.</summary>
/// <remarks>
/// That state holds every file of the account twice (a manifest entry and an inventory record) and every folder's path
/// once per folder below it; read as separate strings, those copies were ≈ a third of a no-change night's peak memory.
/// Unlike <see cref="Manifest.Serialization.InternedStringConverter"/> nothing outlives the load: the set is dropped with this object,
/// and the strings live as long as the records that hold them.
/// </remarks>
public sealed class SharedStrings
{
    // Values up to this many UTF-8 bytes are unescaped on the stack and looked up without a string being made.
    private const int StackLimit = 512;

    private readonly HashSet<string> strings = new(StringComparer.Ordinal);
    private readonly HashSet<string>.AlternateLookup<ReadOnlySpan<char>> bySpan;
    private readonly Lock gate = new();

    public SharedStrings() => bySpan = strings.GetAlternateLookup<ReadOnlySpan<char>>();

    /// <summary>How many distinct strings were read.</summary>
    public int Count
    {
        get
        {
            lock (gate)
            {
                return strings.Count;
            }
        }
    }

    /// <summary>The shared instance equal to <paramref name="value"/>.</summary>
    public string Get(ReadOnlySpan<char> value)
    {
        lock (gate)
        {
            if (bySpan.TryGetValue(value, out var shared))
            {
                return shared;
            }

            shared = value.ToString();
            strings.Add(shared);
            return shared;
        }
    }

    /// <summary>Metadata of <typeparamref name="T"/> from <paramref name="context"/>'s options, reading every string through this set
    /// (properties with a converter of their own keep it).</summary>
    public JsonTypeInfo<T> TypeInfo<T>(JsonSerializerContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var options = new JsonSerializerOptions(context.Options) { Converters = { new Converter(this) } };
        return (JsonTypeInfo<T>)options.GetTypeInfo(typeof(T));
    }

    private sealed class Converter(SharedStrings strings) : JsonConverter<string>
    {
        public override string? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        {
            if (reader.TokenType == JsonTokenType.Null)
            {
                return null;
            }

            if (reader.TokenType != JsonTokenType.String)
            {
                throw new JsonException($"Expected a string, found {reader.TokenType}.");
            }

            // A UTF-8 value never has more chars than bytes, escaped or not.
            var bytes = reader.HasValueSequence ? reader.ValueSequence.Length : reader.ValueSpan.Length;
            if (bytes > StackLimit)
            {
                return strings.Get(reader.GetString());
            }

            Span<char> buffer = stackalloc char[StackLimit];
            return strings.Get(buffer[..reader.CopyString(buffer)]);
        }

        // Dictionary keys (a module's counts by name) are strings too, shared the same way.
        public override string ReadAsPropertyName(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
            strings.Get(reader.GetString()) ?? "";

        public override void WriteAsPropertyName(Utf8JsonWriter writer, string value, JsonSerializerOptions options) => writer.WritePropertyName(value);

        public override void Write(Utf8JsonWriter writer, string value, JsonSerializerOptions options)
        {
            ArgumentNullException.ThrowIfNull(writer);
            writer.WriteStringValue(value);
        }
    }
}
