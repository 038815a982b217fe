using System.Buffers;
using System.Text.Encodings.Web;
using System.Text.Json;

namespace AccEmulator.Endpoints.JsonApi;

/// <summary>Writes JSON bodies with <see cref="Utf8JsonWriter"/>: exact control over APS's shapes and int64 numbers.</summary>
internal static class JsonBody
{
    public const string JsonApiContentType = "application/vnd.api+json";
    public const string JsonContentType = "application/json; charset=utf-8";

    // APS sends non-ASCII names as UTF-8, not \u escapes; the relaxed encoder still escapes control characters and quotes.
    private static readonly JsonWriterOptions WriterOptions = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    /// <summary>A JSON:API document: <c>{"jsonapi":{"version":"1.0"}, …members}</c>.</summary>
    public static IResult JsonApi(Action<Utf8JsonWriter> writeMembers, int statusCode = StatusCodes.Status200OK) =>
        Object(writer =>
        {
            writer.WriteStartObject("jsonapi");
            writer.WriteString("version", "1.0");
            writer.WriteEndObject();
            writeMembers(writer);
        }, statusCode, JsonApiContentType);

    /// <summary>A plain JSON object with the given members.</summary>
    public static IResult Object(Action<Utf8JsonWriter> writeMembers, int statusCode = StatusCodes.Status200OK,
        string contentType = JsonContentType)
    {
        var buffer = new ArrayBufferWriter<byte>(4096);
        using (var writer = new Utf8JsonWriter(buffer, WriterOptions))
        {
            writer.WriteStartObject();
            writeMembers(writer);
            writer.WriteEndObject();
        }

        return new JsonBytesResult(buffer.WrittenMemory, statusCode, contentType);
    }

    /// <summary>Writes <c>"name":{"href":"…"}</c>.</summary>
    public static void WriteHref(this Utf8JsonWriter writer, string name, string href)
    {
        writer.WriteStartObject(name);
        writer.WriteString("href", href);
        writer.WriteEndObject();
    }

    /// <summary>Writes <c>"name":{"data":{"type":…,"id":…},"links":{"related":{"href":…}}}</c>.</summary>
    public static void WriteRelationship(this Utf8JsonWriter writer, string name, string type, string id, string? related)
    {
        writer.WriteStartObject(name);
        writer.WriteStartObject("data");
        writer.WriteString("type", type);
        writer.WriteString("id", id);
        writer.WriteEndObject();
        if (related is not null)
        {
            writer.WriteStartObject("links");
            writer.WriteHref("related", related);
            writer.WriteEndObject();
        }

        writer.WriteEndObject();
    }

    /// <summary>Writes <c>"name":{"links":{"related":{"href":…}}}</c>.</summary>
    public static void WriteRelatedLink(this Utf8JsonWriter writer, string name, string related)
    {
        writer.WriteStartObject(name);
        writer.WriteStartObject("links");
        writer.WriteHref("related", related);
        writer.WriteEndObject();
        writer.WriteEndObject();
    }

    /// <summary>Timestamps as recent ACC responses write them: UTC, seven fractional digits.</summary>
    public static void WriteTime(this Utf8JsonWriter writer, string name, DateTimeOffset time) =>
        writer.WriteString(name, time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff'Z'", System.Globalization.CultureInfo.InvariantCulture));
}
