using System.Text.RegularExpressions;

namespace AccBackup.Tests.Infrastructure;

/// <summary>
/// Reads the top-level entries of a Bicep object literal (key and raw value text) without a Bicep compiler:
/// enough lexing to skip strings (with <c>${…}</c> interpolation), multi-line strings and comments, so that
/// braces and colons inside them are never taken for structure.
/// </summary>
internal static partial class BicepObjectReader
{
    /// <summary>The entries of the object that follows <paramref name="anchor"/>'s first <c>{</c> or its <c>properties: {</c>.</summary>
    /// <param name="text">The Bicep source.</param>
    /// <param name="anchor">Text that occurs exactly once, just before the object (e.g. a resource declaration).</param>
    /// <param name="property">When set, the object is the value of this property after the anchor.</param>
    public static IReadOnlyDictionary<string, string> Read(string text, string anchor, string? property = null)
    {
        var at = text.IndexOf(anchor, StringComparison.Ordinal);
        if (at < 0 || text.IndexOf(anchor, at + anchor.Length, StringComparison.Ordinal) >= 0)
        {
            throw new FormatException($"'{anchor}' must occur exactly once.");
        }

        if (property is not null)
        {
            var match = new Regex($@"\b{Regex.Escape(property)}\s*:\s*\{{").Match(text, at);
            at = match.Success ? match.Index + match.Length - 1 : throw new FormatException($"No '{property}: {{' after '{anchor}'.");
        }

        var open = text.IndexOf('{', at);
        return open < 0 ? throw new FormatException($"No object after '{anchor}'.") : Entries(text, open);
    }

    /// <summary>The entries of the object after each occurrence of <paramref name="anchor"/> (e.g. a resource type).</summary>
    public static IReadOnlyList<IReadOnlyDictionary<string, string>> ReadEach(string text, string anchor)
    {
        var objects = new List<IReadOnlyDictionary<string, string>>();
        for (var at = text.IndexOf(anchor, StringComparison.Ordinal); at >= 0; at = text.IndexOf(anchor, at + anchor.Length, StringComparison.Ordinal))
        {
            var open = text.IndexOf('{', at);
            objects.Add(open < 0 ? throw new FormatException($"No object after '{anchor}'.") : Entries(text, open));
        }

        return objects;
    }

    /// <summary>The entries of the object literal whose <c>{</c> is at <paramref name="open"/>.</summary>
    public static IReadOnlyDictionary<string, string> Entries(string text, int open)
    {
        var entries = new Dictionary<string, string>(StringComparer.Ordinal);
        var i = open + 1;
        while (true)
        {
            i = BicepLexer.SkipTrivia(text, i, skipCommas: true);
            if (i >= text.Length)
            {
                throw new FormatException($"Object opened at {open} is not closed.");
            }

            if (text[i] == '}')
            {
                return entries;
            }

            var (key, afterKey) = ReadKey(text, i);
            i = BicepLexer.SkipTrivia(text, afterKey, skipCommas: false);
            if (i >= text.Length || text[i] != ':')
            {
                throw new FormatException($"Expected ':' after key '{key}'.");
            }

            var start = i + 1;
            i = BicepLexer.SkipValue(text, start);
            if (!entries.TryAdd(key, text[start..i].Trim()))
            {
                throw new FormatException($"Key '{key}' appears twice.");
            }
        }
    }

    private static (string Key, int End) ReadKey(string text, int i)
    {
        if (text[i] == '\'')
        {
            var end = BicepLexer.SkipString(text, i);
            return (text[(i + 1)..(end - 1)], end);
        }

        var identifier = Identifier().Match(text, i);
        return identifier.Success && identifier.Index == i
            ? (identifier.Value, i + identifier.Length)
            : throw new FormatException($"Expected a key at '{text[i..Math.Min(text.Length, i + 20)]}'.");
    }

    [GeneratedRegex("[A-Za-z_][A-Za-z0-9_]*")]
    private static partial Regex Identifier();
}
