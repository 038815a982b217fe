using System.Text.Json;

namespace AccEmulator.Tests.Endpoints.Shapes;

/// <summary>
/// Pins a response's shape, not its volatile values: each line is <c>path: Kind</c>, e.g.
/// <c>data[0].relationships.parent.data.id: String</c>, and the member must exist with that JSON kind.
/// </summary>
internal static class JsonShape
{
    public static void Assert(JsonElement root, params string[] shape)
    {
        var failures = new List<string>();
        foreach (var line in shape)
        {
            var colon = line.LastIndexOf(": ", StringComparison.Ordinal);
            var (path, kind) = (line[..colon], Enum.Parse<JsonValueKind>(line[(colon + 2)..]));
            var found = Find(root, path);
            if (found?.ValueKind != kind)
            {
                failures.Add($"{path}: expected {kind}, found {found?.ValueKind.ToString() ?? "nothing"}");
            }
        }

        Xunit.Assert.True(failures.Count == 0, "Shape mismatch:\n" + string.Join('\n', failures));
    }

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

    private static JsonElement? Find(JsonElement root, string path)
    {
        JsonElement current = root;
        foreach (var segment in path.Split('.'))
        {
            var bracket = segment.IndexOf('[', StringComparison.Ordinal);
            var name = bracket < 0 ? segment : segment[..bracket];
            if (current.ValueKind != JsonValueKind.Object || !current.TryGetProperty(name, out current))
            {
                return null;
            }

            if (bracket >= 0)
            {
                var index = int.Parse(segment[(bracket + 1)..^1], System.Globalization.CultureInfo.InvariantCulture);
                if (current.ValueKind != JsonValueKind.Array || current.GetArrayLength() <= index)
                {
                    return null;
                }

                current = current[index];
            }
        }

        return current;
    }
}
