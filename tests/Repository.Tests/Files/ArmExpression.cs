using System.Text.Json.Nodes;

namespace AccBackup.Repository.Tests.Files;

/// <summary>One parsed ARM template expression (the text between <c>[</c> and <c>]</c>): a literal, or a function call with
/// its arguments and any property accesses after it (<c>resourceGroup().id</c>).</summary>
internal abstract record ArmExpression
{
    /// <summary>Parses <paramref name="text"/>, e.g. <c>if(greater(parameters('days'), 0), createObject('a', 1), createObject())</c>.</summary>
    public static ArmExpression Parse(string text)
    {
        var parser = new Parser(text);
        var expression = parser.Expression();
        parser.End();
        return expression;
    }

    /// <summary>A string, integer or boolean literal.</summary>
    public sealed record Literal(JsonNode? Value) : ArmExpression;

    /// <summary>A function call, then <paramref name="Properties"/> read from its result in order.</summary>
    public sealed record Call(string Function, IReadOnlyList<ArmExpression> Arguments, IReadOnlyList<string> Properties) : ArmExpression;

    private sealed class Parser(string text)
    {
        private int position;

        public ArmExpression Expression()
        {
            SkipSpaces();
            if (Peek() == '\'')
            {
                return new Literal(JsonValue.Create(QuotedString()));
            }

            if (Peek() == '-' || char.IsAsciiDigit(Peek()))
            {
                var start = position++;
                while (char.IsAsciiDigit(Peek()))
                {
                    position++;
                }

                return new Literal(JsonNode.Parse(text[start..position]));
            }

            var function = Identifier();
            Expect('(');
            var arguments = new List<ArmExpression>();
            SkipSpaces();
            if (Peek() != ')')
            {
                do
                {
                    arguments.Add(Expression());
                    SkipSpaces();
                }
                while (TryTake(','));
            }

            Expect(')');
            var properties = new List<string>();
            while (TryTake('.'))
            {
                properties.Add(Identifier());
            }

            return new Call(function, arguments, properties);
        }

        public void End()
        {
            SkipSpaces();
            if (position != text.Length)
            {
                throw new FormatException($"Unexpected '{text[position..]}' in ARM expression [{text}].");
            }
        }

        private string QuotedString()
        {
            Expect('\'');
            var value = new System.Text.StringBuilder();
            while (true)
            {
                var c = position < text.Length ? text[position++] : throw new FormatException($"Unterminated string in [{text}].");
                if (c == '\'' && !TryTake('\''))
                {
                    return value.ToString();
                }

                value.Append(c);
            }
        }

        private string Identifier()
        {
            SkipSpaces();
            var start = position;
            while (char.IsAsciiLetterOrDigit(Peek()) || Peek() == '_')
            {
                position++;
            }

            return position > start ? text[start..position] : throw new FormatException($"Expected a function name at {position} in [{text}].");
        }

        private void Expect(char c)
        {
            if (!TryTake(c))
            {
                throw new FormatException($"Expected '{c}' at {position} in [{text}].");
            }
        }

        private bool TryTake(char c)
        {
            SkipSpaces();
            if (Peek() != c)
            {
                return false;
            }

            position++;
            return true;
        }

        private char Peek() => position < text.Length ? text[position] : '\0';

        private void SkipSpaces()
        {
            while (position < text.Length && char.IsWhiteSpace(text[position]))
            {
                position++;
            }
        }
    }
}
