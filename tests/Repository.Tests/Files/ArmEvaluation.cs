using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace AccBackup.Repository.Tests.Files;

/// <summary>
/// A compiled template evaluated for given parameter values, as Resource Manager would: which resources a deployment
/// creates (their <c>condition</c>) and what their properties become. Covers the functions our templates use in
/// conditions, names and properties; any other throws, naming it. Resource ids come out in a readable test form
/// (<see cref="ResourceId"/>), not Azure's.
/// </summary>
internal sealed class ArmEvaluation(JsonElement template, IReadOnlyDictionary<string, object?> parameters)
{
    /// <summary>The resource group every evaluation deploys to.</summary>
    public const string ResourceGroupId = "/subscriptions/sub/resourceGroups/rg";

    /// <summary>The subscription every evaluation deploys to.</summary>
    public const string SubscriptionId = "/subscriptions/sub";

    /// <summary>The id <c>resourceId(type, names…)</c> evaluates to here.</summary>
    public static string ResourceId(string type, params string[] names) => $"{ResourceGroupId}/providers/{type}/{string.Join('/', names)}";

    /// <summary>The id <c>subscriptionResourceId(type, names…)</c> evaluates to here.</summary>
    public static string SubscriptionResourceId(string type, params string[] names) => $"/subscriptions/sub/providers/{type}/{string.Join('/', names)}";

    /// <summary>Whether the deployment creates <paramref name="resource"/>: no condition, or one that holds.</summary>
    public bool Deploys(ArmResource resource) =>
        !resource.Json.TryGetProperty("condition", out var condition) || Evaluate(condition)?.GetValue<bool>() == true;

    /// <summary>The value of a property of <paramref name="resource"/> (e.g. <c>name</c>, <c>scope</c>, <c>properties</c>).</summary>
    public JsonNode? Property(ArmResource resource, string name) =>
        resource.Json.TryGetProperty(name, out var value) ? Evaluate(value) : throw new KeyNotFoundException($"The resource {resource.Name} has no {name}.");

    /// <summary>The value of an output of the template.</summary>
    public JsonNode? Output(string name) => Evaluate(template.GetProperty("outputs").GetProperty(name).GetProperty("value"));

    /// <summary><paramref name="value"/> with every expression in it evaluated.</summary>
    public JsonNode? Evaluate(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.String when value.GetString() is ['[', not '[', ..] text && text[^1] == ']' => Evaluate(ArmExpression.Parse(text[1..^1])),
        JsonValueKind.String when value.GetString() is ['[', '[', ..] escaped => JsonValue.Create(escaped[1..]),
        JsonValueKind.Object => new JsonObject(value.EnumerateObject().Select(p => KeyValuePair.Create(p.Name, Evaluate(p.Value)))),
        JsonValueKind.Array => new JsonArray([.. value.EnumerateArray().Select(Evaluate)]),
        _ => JsonNode.Parse(value.GetRawText()),
    };

    private JsonNode? Evaluate(ArmExpression expression)
    {
        if (expression is ArmExpression.Literal literal)
        {
            return literal.Value?.DeepClone();
        }

        var call = (ArmExpression.Call)expression;
        var result = Call(call.Function, call.Arguments);
        return call.Properties.Aggregate(result, (node, property) => node![property]?.DeepClone());
    }

    private JsonNode? Call(string function, IReadOnlyList<ArmExpression> arguments)
    {
        // Only the branch if() takes is evaluated, as in Resource Manager.
        if (function == "if")
        {
            return Evaluate(arguments[Evaluate(arguments[0])!.GetValue<bool>() ? 1 : 2]);
        }

        var values = arguments.Select(Evaluate).ToList();
        return function switch
        {
            "parameters" => Parameter(Text(values[0])),
            "variables" => Evaluate(template.GetProperty("variables").GetProperty(Text(values[0]))),
            "true" => JsonValue.Create(true),
            "false" => JsonValue.Create(false),
            "null" => null,
            "not" => JsonValue.Create(!values[0]!.GetValue<bool>()),
            "and" => JsonValue.Create(values.All(v => v!.GetValue<bool>())),
            "or" => JsonValue.Create(values.Any(v => v!.GetValue<bool>())),
            "equals" => JsonValue.Create(Same(values[0], values[1])),
            "greater" => JsonValue.Create(Number(values[0]) > Number(values[1])),
            "greaterOrEquals" => JsonValue.Create(Number(values[0]) >= Number(values[1])),
            "less" => JsonValue.Create(Number(values[0]) < Number(values[1])),
            "lessOrEquals" => JsonValue.Create(Number(values[0]) <= Number(values[1])),
            "empty" => JsonValue.Create(values[0] switch { null => true, JsonObject o => o.Count == 0, JsonArray a => a.Count == 0, var v => Text(v).Length == 0 }),
            "createObject" => new JsonObject(values.Chunk(2).Select(pair => KeyValuePair.Create(Text(pair[0]), pair[1]))),
            "createArray" => new JsonArray([.. values.Select(v => v?.DeepClone())]),
            "concat" when values.All(v => v is JsonArray) => new JsonArray([.. values.Cast<JsonArray>().SelectMany(a => a).Select(v => v?.DeepClone())]),
            "union" => new JsonObject(values.Cast<JsonObject>().SelectMany(o => o).GroupBy(p => p.Key).Select(g => KeyValuePair.Create(g.Key, g.Last().Value?.DeepClone()))),
            "format" => JsonValue.Create(string.Format(CultureInfo.InvariantCulture, Text(values[0]), [.. values.Skip(1).Select(Text)])),
            "guid" => JsonValue.Create($"guid({string.Join(", ", values.Select(Text))})"),
            "resourceId" => JsonValue.Create(ResourceId(Text(values[0]), [.. values.Skip(1).Select(Text)])),
            "subscriptionResourceId" => JsonValue.Create(SubscriptionResourceId(Text(values[0]), [.. values.Skip(1).Select(Text)])),
            "resourceGroup" => new JsonObject { ["id"] = ResourceGroupId, ["name"] = "rg" },
            "subscription" => new JsonObject { ["id"] = SubscriptionId, ["subscriptionId"] = "sub", ["tenantId"] = "tenant" },
            "tenant" => new JsonObject { ["tenantId"] = "tenant" },
            "environment" => new JsonObject { ["authentication"] = new JsonObject { ["loginEndpoint"] = "https://login.microsoftonline.com/" } },
            "fail" => throw new ArmDeploymentFailure(Text(values[0])),
            _ => throw new NotSupportedException($"The test evaluator does not support the ARM function {function}(); add it to {nameof(ArmEvaluation)}."),
        };
    }

    // A supplied value, else the template's default; a missing one fails the test by name.
    private JsonNode? Parameter(string name) =>
        parameters.TryGetValue(name, out var value) ? JsonNode.Parse(JsonSerializer.Serialize(value))
        : template.GetProperty("parameters").GetProperty(name).TryGetProperty("defaultValue", out var fallback) ? Evaluate(fallback)
        : throw new KeyNotFoundException($"The evaluation needs a value for the parameter {name}.");

    /// <summary>Whether two values are the same JSON, however each was built (a parsed 30 and a created 30 are equal).</summary>
    public static bool Same(JsonNode? left, JsonNode? right) =>
        JsonNode.DeepEquals(left is null ? null : JsonNode.Parse(left.ToJsonString()), right is null ? null : JsonNode.Parse(right.ToJsonString()));

    private static long Number(JsonNode? node) => long.Parse(node!.ToJsonString(), CultureInfo.InvariantCulture);

    private static string Text(JsonNode? node) => node is JsonValue value && value.TryGetValue<string>(out var text) ? text : node?.ToJsonString() ?? "null";
}
