using System.Text.Json;

namespace AccEmulator.Tests.Endpoints.Shapes;

/// <summary>
/// Pins a response's shape, not its volatile values. Each line is a member path and what may be there:
/// <list type="bullet">
/// <item><c>path: Kind</c> — always there, with that JSON kind (<c>Boolean</c> = true or false);</item>
/// <item><c>?path: Kind</c> — only sometimes there; when it is, with that kind;</item>
/// <item><c>!path</c> — never there.</item>
/// </list>
/// <c>[n]</c> picks an array element, <c>[*]</c> checks every element (and fails an always-line on an empty array).
/// </summary>
internal static class JsonShape
{
    public static void Assert(JsonElement root, params string[] shape)
    {
        var failures = new List<string>();
        foreach (var line in shape)
        {
            var (rule, path, kind) = Parse(line);
            var found = Resolve(root, path, "").ToList();
            if (rule == Rule.Always && found.Count == 0)
            {
                failures.Add($"{path}: expected {kind}, found no element to look in");
            }

            foreach (var (at, value) in found)
            {
                var failure = rule switch
                {
                    Rule.Never when value is { } present => $"{at}: expected nothing, found {present.ValueKind}",
                    Rule.Always when !Matches(value, kind!) => $"{at}: expected {kind}, found {value?.ValueKind.ToString() ?? "nothing"}",
                    Rule.Sometimes when value is { } present && !Matches(present, kind!) => $"{at}: expected {kind} when present, found {present.ValueKind}",
                    _ => null,
                };
                if (failure is not null)
                {
                    failures.Add(failure);
                }
            }
        }

        Xunit.Assert.True(failures.Count == 0, "Shape mismatch:\n" + string.Join('\n', failures));
    }

    /// <summary>Whether the member at <paramref name="path"/> (no wildcards) exists.</summary>
    public static bool Has(JsonElement root, string path) => Resolve(root, path, "").Single().Value is not null;

    /// <summary>Every <c>href</c> anywhere in the body, with the path that led to it.</summary>
    public static IEnumerable<(string Path, string Href)> Hrefs(JsonElement element, string path = "")
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
                foreach (var member in element.EnumerateObject())
                {
                    var child = path.Length == 0 ? member.Name : path + "." + member.Name;
                    if (member.Name == "href" && member.Value.ValueKind == JsonValueKind.String)
                    {
                        yield return (child, member.Value.GetString()!);
                    }
                    else
                    {
                        foreach (var found in Hrefs(member.Value, child))
                        {
                            yield return found;
                        }
                    }
                }

                break;
            case JsonValueKind.Array:
                var index = 0;
                foreach (var item in element.EnumerateArray())
                {
                    foreach (var found in Hrefs(item, $"{path}[{index++}]"))
                    {
                        yield return found;
                    }
                }

                break;
        }
    }

    private enum Rule
    {
        Always,
        Sometimes,
        Never,
    }

    private static (Rule Rule, string Path, string? Kind) Parse(string line)
    {
        var rule = line[0] switch { '?' => Rule.Sometimes, '!' => Rule.Never, _ => Rule.Always };
        var text = rule == Rule.Always ? line : line[1..];
        var colon = text.LastIndexOf(": ", StringComparison.Ordinal);
        return rule == Rule.Never ? (rule, text, null) : (rule, text[..colon], text[(colon + 2)..]);
    }

    private static bool Matches(JsonElement? value, string kind) => value?.ValueKind switch
    {
        null => false,
        JsonValueKind.True or JsonValueKind.False when kind == "Boolean" => true,
        { } actual => actual.ToString() == kind,
    };

    /// <summary>The element(s) a path leads to; a missing last member gives null, a missing parent gives null too.</summary>
    private static IEnumerable<(string At, JsonElement? Value)> Resolve(JsonElement current, string path, string at)
    {
        if (path.Length == 0)
        {
            yield return (at, current);
            yield break;
        }

        var dot = path.IndexOf('.', StringComparison.Ordinal);
        var (segment, rest) = dot < 0 ? (path, "") : (path[..dot], path[(dot + 1)..]);
        var bracket = segment.IndexOf('[', StringComparison.Ordinal);
        var name = bracket < 0 ? segment : segment[..bracket];
        var here = at.Length == 0 ? name : at + "." + name;
        if (current.ValueKind != JsonValueKind.Object || !current.TryGetProperty(name, out var child))
        {
            yield return (here, null);
            yield break;
        }

        if (bracket < 0)
        {
            foreach (var found in Resolve(child, rest, here))
            {
                yield return found;
            }

            yield break;
        }

        var index = segment[(bracket + 1)..^1];
        if (child.ValueKind != JsonValueKind.Array)
        {
            yield return (here + segment[bracket..], null);
            yield break;
        }

        var elements = index == "*"
            ? child.EnumerateArray().Select((e, i) => (e, i)).ToList()
            : int.Parse(index, System.Globalization.CultureInfo.InvariantCulture) is var n && n < child.GetArrayLength() ? [(child[n], n)] : [];
        if (index != "*" && elements.Count == 0)
        {
            yield return (here + segment[bracket..], null);
        }

        foreach (var (element, i) in elements)
        {
            foreach (var found in Resolve(element, rest, $"{here}[{i}]"))
            {
                yield return found;
            }
        }
    }
}
