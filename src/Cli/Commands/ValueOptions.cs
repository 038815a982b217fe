using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;

namespace AccBackup.Cli.Commands;

/// <summary>Options whose value is parsed and range-checked by their own parser: a value that does not fit is a usage error
/// naming the option (exit 1), never an exception.</summary>
/// <remarks>
/// System.CommandLine runs validators before it converts values, and a validator that reads a value that does not convert
/// throws (dotnet/command-line-api#2645): so ranges are checked here, where the value is made, and validators read none.
/// </remarks>
internal static class ValueOptions
{
    private delegate bool TryParse<T>(string text, out T value);

    /// <summary>A whole number of at least <paramref name="minimum"/>, <paramref name="defaultValue"/> when the option is not given.</summary>
    public static Option<int> Count(string name, string description, int minimum, int defaultValue) => new(name)
    {
        Description = $"{description} (default {defaultValue})",
        DefaultValueFactory = _ => defaultValue,
        CustomParser = result => Parse<int>(result, name, $"a whole number, {minimum} or more", (string text, out int value) => IsWholeNumber(text, minimum, out value)),
    };

    /// <summary>A whole number of at least <paramref name="minimum"/>, or null when the option is not given.</summary>
    public static Option<int?> Number(string name, string description, int minimum) => new(name)
    {
        Description = description,
        CustomParser = result => Parse<int?>(result, name, $"a whole number, {minimum} or more", (string text, out int? value) =>
        {
            var parsed = IsWholeNumber(text, minimum, out var number);
            value = parsed ? number : null;
            return parsed;
        }),
    };

    /// <summary>A point in time in ISO 8601 (without an offset: UTC, whatever the machine's time zone), or null when not given.</summary>
    public static Option<DateTimeOffset?> Time(string name, string description) => new(name)
    {
        Description = description,
        CustomParser = result => Parse<DateTimeOffset?>(result, name, "a time in ISO 8601, e.g. 2026-11-20T06:00:00Z", (string text, out DateTimeOffset? value) =>
        {
            var parsed = DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var time);
            value = parsed ? time : null;
            return parsed;
        }),
    };

    private static bool IsWholeNumber(string text, int minimum, out int value) =>
        int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value) && value >= minimum;

    // The parser sees exactly one token: a missing value is an arity error System.CommandLine reports before conversion.
    private static T? Parse<T>(ArgumentResult result, string name, string expected, TryParse<T> parse)
    {
        var text = result.Tokens.Count > 0 ? result.Tokens[0].Value : "";
        if (parse(text, out var value))
        {
            return value;
        }

        result.AddError($"{name} needs {expected} (got '{text}').");
        return default;
    }
}
