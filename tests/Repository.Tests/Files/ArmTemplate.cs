using System.Text.Json;

namespace AccBackup.Repository.Tests.Files;

/// <summary>A compiled ARM template: its parameters and its resources, nested module deployments included.</summary>
internal sealed class ArmTemplate(JsonElement root)
{
    /// <summary>The template's parameters by name, each with its declaration.</summary>
    public IReadOnlyDictionary<string, JsonElement> Parameters =>
        root.GetProperty("parameters").EnumerateObject().ToDictionary(p => p.Name, p => p.Value, StringComparer.Ordinal);

    /// <summary>Every resource, modules' included, with the module (nested deployment) it is in; "main" for the top level.</summary>
    public IReadOnlyList<ArmResource> AllResources => [.. Collect("main", root)];

    /// <summary>The template of the module deployed under <paramref name="deploymentName"/> (its <c>name:</c> in main.bicep).</summary>
    public ArmTemplate Module(string deploymentName)
    {
        var module = Assert.Single(AllResources, r => r.Type == "Microsoft.Resources/deployments" && r.Name == deploymentName);
        return new ArmTemplate(module.Properties.GetProperty("template"));
    }

    /// <summary>The arguments main passes to the module deployed under <paramref name="deploymentName"/>: each parameter's value as written (an ARM expression or a literal's JSON).</summary>
    public IReadOnlyDictionary<string, string> ModuleArguments(string deploymentName)
    {
        var module = Assert.Single(AllResources, r => r.Type == "Microsoft.Resources/deployments" && r.Name == deploymentName);
        return module.Properties.GetProperty("parameters").EnumerateObject().ToDictionary(
            p => p.Name,
            p => p.Value.GetProperty("value") is { ValueKind: JsonValueKind.String } text ? text.GetString()! : p.Value.GetProperty("value").GetRawText(),
            StringComparer.Ordinal);
    }

    /// <summary>The argument main passes to <paramref name="parameter"/> of the module deployed under <paramref name="deploymentName"/>, unevaluated (evaluate it with <see cref="Deploy"/>).</summary>
    public JsonElement ModuleArgument(string deploymentName, string parameter)
    {
        var module = Assert.Single(AllResources, r => r.Type == "Microsoft.Resources/deployments" && r.Name == deploymentName);
        return module.Properties.GetProperty("parameters").GetProperty(parameter).GetProperty("value");
    }

    /// <summary>The declaration of the variable <paramref name="name"/>, unevaluated (evaluate it with <see cref="Deploy"/>).</summary>
    public JsonElement Variable(string name) => root.GetProperty("variables").GetProperty(name);

    /// <summary>This template deployed with <paramref name="parameters"/> (the others at their defaults), evaluated as Resource Manager would.</summary>
    public ArmEvaluation Deploy(IReadOnlyDictionary<string, object?> parameters) => new(root, parameters);

    /// <summary>The resources this template declares itself (a module's nested deployments included, not their contents).</summary>
    public IReadOnlyList<ArmResource> Resources => [.. Collect("main", root).Where(r => r.Module == "main")];

    /// <summary><paramref name="expression"/> with each <c>variables('x')</c> replaced by x's string value, quoted as ARM quotes literals.</summary>
    public string Resolve(string expression)
    {
        if (!root.TryGetProperty("variables", out var variables))
        {
            return expression;
        }

        foreach (var variable in variables.EnumerateObject().Where(v => v.Value.ValueKind == JsonValueKind.String))
        {
            expression = expression.Replace($"variables('{variable.Name}')", $"'{variable.Value.GetString()}'", StringComparison.Ordinal);
        }

        return expression;
    }

    // Resources are an array, or an object keyed by symbolic name when a module uses languageVersion 2.0.
    private static IEnumerable<ArmResource> Collect(string module, JsonElement template)
    {
        var resources = template.GetProperty("resources");
        var each = resources.ValueKind == JsonValueKind.Object ? resources.EnumerateObject().Select(p => p.Value) : resources.EnumerateArray();
        foreach (var resource in each)
        {
            var found = new ArmResource(module, resource);
            yield return found;
            if (found.Type == "Microsoft.Resources/deployments"
                && resource.GetProperty("properties").TryGetProperty("template", out var nested))
            {
                foreach (var inner in Collect(found.Name, nested))
                {
                    yield return inner;
                }
            }
        }
    }
}

/// <summary>One resource of a compiled template, in the module (nested deployment) that declares it.</summary>
internal sealed record ArmResource(string Module, JsonElement Json)
{
    /// <summary>The resource type, e.g. Microsoft.Storage/storageAccounts.</summary>
    public string Type => Json.GetProperty("type").GetString()!;

    /// <summary>The name: a literal or an ARM expression such as <c>[guid(...)]</c>.</summary>
    public string Name => Json.GetProperty("name").GetString()!;

    /// <summary>The resource's <c>properties</c> object.</summary>
    public JsonElement Properties => Json.GetProperty("properties");

    /// <summary>A string property of the resource, or null.</summary>
    public string? Text(string name) => Json.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;
}
