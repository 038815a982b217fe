using System.Collections.Concurrent;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Converters;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>The Durable Task data converter with every payload it serializes measured by type: each activity's input and
/// output, each orchestration's input, output and custom status pass through it on their way to the history.</summary>
internal sealed class PayloadMeter : DataConverter
{
    private readonly ConcurrentDictionary<Type, (int Count, int Largest)> sizes = new();

    /// <summary>How many payloads of <paramref name="type"/> were serialized and the largest, in bytes of UTF-8 JSON.</summary>
    public (int Count, int Largest) Of(Type type) => sizes.GetValueOrDefault(type);

    /// <inheritdoc />
    public override string? Serialize(object? value)
    {
        var json = JsonDataConverter.Default.Serialize(value);
        if (value is not null && json is not null)
        {
            var bytes = System.Text.Encoding.UTF8.GetByteCount(json);
            // An orchestration schedules an activity with its input wrapped in a one-element array: measured as that input.
            var type = value is object[] { Length: 1 } wrapped && wrapped[0] is { } input ? input.GetType() : value.GetType();
            sizes.AddOrUpdate(type, (1, bytes), (_, seen) => (seen.Count + 1, Math.Max(seen.Largest, bytes)));
        }

        return json;
    }

    /// <inheritdoc />
    public override object? Deserialize(string? data, Type targetType) => JsonDataConverter.Default.Deserialize(data, targetType);
}
