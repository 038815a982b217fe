using System.Text.Json;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>One posted envelope, as Application Insights stores it: the table it lands in, its message and severity, and the
/// <c>customDimensions</c> a query reads.</summary>
internal sealed record IngestedItem(string BaseType, string? Message, string? Severity, IReadOnlyDictionary<string, string> CustomDimensions)
{
    /// <summary>A row of the <c>traces</c> table (a log record without an exception).</summary>
    public bool IsTrace => BaseType == "MessageData";

    /// <summary>The logger category the exporter records with each log.</summary>
    public string? Category => CustomDimensions.GetValueOrDefault("CategoryName");

    public static IngestedItem From(JsonElement envelope)
    {
        var data = envelope.GetProperty("data");
        var baseData = data.GetProperty("baseData");
        var dimensions = baseData.TryGetProperty("properties", out var properties)
            ? properties.EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString() ?? "", StringComparer.Ordinal)
            : [];
        return new IngestedItem(
            data.GetProperty("baseType").GetString()!,
            baseData.TryGetProperty("message", out var message) ? message.GetString() : null,
            baseData.TryGetProperty("severityLevel", out var severity) ? severity.GetString() : null,
            dimensions);
    }
}
