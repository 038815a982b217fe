namespace AccBackup.Tests.Infrastructure;

/// <summary>The few Bicep lexing rules the object reader needs: strings, interpolation, comments, brackets.</summary>
internal static class BicepLexer
{
    private const string MultiLineQuote = "'''";

    /// <summary>Skips whitespace, comments and (when asked) commas; returns the next significant index.</summary>
    public static int SkipTrivia(string text, int i, bool skipCommas)
    {
        while (i < text.Length)
        {
            if (char.IsWhiteSpace(text[i]) || (skipCommas && text[i] == ','))
            {
                i++;
            }
            else if (At(text, i, "//"))
            {
                i = LineEnd(text, i);
            }
            else if (At(text, i, "/*"))
            {
                i = After(text, i + 2, "*/");
            }
            else
            {
                break;
            }
        }

        return i;
    }

    /// <summary>Skips one value: up to the newline, comma, comment or closing brace that ends it at its own level.</summary>
    /// <remarks>A comment at the value's own level ends it, so a trailing comment is never part of the value.</remarks>
    public static int SkipValue(string text, int i)
    {
        var depth = 0;
        while (i < text.Length)
        {
            var c = text[i];
            if (depth == 0 && (c is '\n' or ',' or '}' || At(text, i, "//") || At(text, i, "/*")))
            {
                return i;
            }

            if (At(text, i, "//"))
            {
                i = LineEnd(text, i);
            }
            else if (At(text, i, "/*"))
            {
                i = After(text, i + 2, "*/");
            }
            else if (c == '\'')
            {
                i = SkipString(text, i);
            }
            else
            {
                depth += c is '{' or '[' or '(' ? 1 : c is '}' or ']' or ')' ? -1 : 0;
                i++;
            }
        }

        return i;
    }

    /// <summary>Checks that every string and comment ends and every bracket closes; returns the first problem, or null.</summary>
    /// <remarks>A syntax smoke test for files no Bicep compiler can check on our machines.</remarks>
    public static string? FindUnbalanced(string text)
    {
        var open = new Stack<(char Bracket, int At)>();
        var i = 0;
        try
        {
            while (i < text.Length)
            {
                i = SkipTrivia(text, i, skipCommas: true);
                if (i >= text.Length)
                {
                    break;
                }

                var c = text[i];
                if (c == '\'')
                {
                    i = SkipString(text, i);
                    continue;
                }

                if (c is '{' or '[' or '(')
                {
                    open.Push((c, i));
                }
                else if (c is '}' or ']' or ')')
                {
                    var expected = c switch { '}' => '{', ']' => '[', _ => '(' };
                    if (open.Count == 0 || open.Pop().Bracket != expected)
                    {
                        return $"unexpected '{c}' on line {LineOf(text, i)}";
                    }
                }

                i++;
            }
        }
        catch (FormatException e)
        {
            return $"{e.Message} (after line {LineOf(text, i)})";
        }

        return open.Count == 0 ? null : $"'{open.Peek().Bracket}' on line {LineOf(text, open.Peek().At)} is never closed";
    }

    /// <summary>Skips the string literal starting at <paramref name="i"/> (a quote); returns the index after it.</summary>
    public static int SkipString(string text, int i)
    {
        if (At(text, i, MultiLineQuote))
        {
            return After(text, i + MultiLineQuote.Length, MultiLineQuote);
        }

        i++;
        while (i < text.Length)
        {
            if (text[i] == '\\')
            {
                i += 2;
            }
            else if (text[i] == '\'')
            {
                return i + 1;
            }
            else if (At(text, i, "${"))
            {
                i = SkipInterpolation(text, i + 2);
            }
            else
            {
                i++;
            }
        }

        throw new FormatException("Unterminated string.");
    }

    private static int SkipInterpolation(string text, int i)
    {
        var depth = 1;
        while (i < text.Length)
        {
            var c = text[i];
            if (c == '\'')
            {
                i = SkipString(text, i);
                continue;
            }

            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            i++;
            if (depth == 0)
            {
                return i;
            }
        }

        throw new FormatException("Unterminated interpolation.");
    }

    private static int LineOf(string text, int i) => text.AsSpan(0, Math.Min(i, text.Length)).Count('\n') + 1;

    private static bool At(string text, int i, string token) => string.CompareOrdinal(text, i, token, 0, token.Length) == 0;

    private static int LineEnd(string text, int i)
    {
        var end = text.IndexOf('\n', i);
        return end < 0 ? text.Length : end;
    }

    private static int After(string text, int i, string token)
    {
        var end = text.IndexOf(token, i, StringComparison.Ordinal);
        return end < 0 ? throw new FormatException($"Missing '{token}'.") : end + token.Length;
    }
}
