namespace AccBackup.Storage;

/// <summary>Blob metadata rules, and the encoding callers apply to values that are not plain ASCII.</summary>
/// <remarks>
/// Metadata travels as HTTP headers, so values must be printable ASCII without leading or
/// trailing spaces: callers pass any other text (paths, unicode file names) through <see cref="Encode"/> and read
/// it back with <see cref="Decode"/>. Names follow C# identifier rules, restricted to ASCII, and compare ignoring case.
/// Writes reject anything else with an <see cref="ArgumentException"/> before a request is sent.
/// </remarks>
public static class BlobMetadata
{
    /// <summary>The service's limit on all names and values of one blob together, in bytes.</summary>
    public const int MaxTotalSize = 8 * 1024;

    /// <summary>Makes any text a valid metadata value (percent-encoding, <see cref="Uri.EscapeDataString(string)"/>).</summary>
    public static string Encode(string value) => Uri.EscapeDataString(value);

    /// <summary>Reverses <see cref="Encode"/>.</summary>
    public static string Decode(string value) => Uri.UnescapeDataString(value);

    /// <summary>Whether <paramref name="name"/> is a valid metadata name: an ASCII letter or underscore, then letters, digits or underscores.</summary>
    public static bool IsValidName(string name) =>
        !string.IsNullOrEmpty(name)
        && (char.IsAsciiLetter(name[0]) || name[0] == '_')
        && name.All(static c => char.IsAsciiLetterOrDigit(c) || c == '_');

    /// <summary>Throws an <see cref="ArgumentException"/> naming the first entry that cannot be stored.</summary>
    internal static void Validate(IEnumerable<KeyValuePair<string, string>> metadata, string paramName)
    {
        var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var total = 0;
        foreach (var (name, value) in metadata)
        {
            if (!IsValidName(name))
            {
                throw new ArgumentException(
                    $"Metadata name '{name}' is invalid: use an ASCII letter or '_' followed by letters, digits or '_' (C# identifier rules).", paramName);
            }

            if (!seen.Add(name))
            {
                throw new ArgumentException($"Metadata name '{name}' appears twice ignoring case; the service treats names case-insensitively.", paramName);
            }

            ArgumentNullException.ThrowIfNull(value, paramName);
            if (!value.All(static c => c is >= ' ' and <= '~') || value.Trim().Length != value.Length)
            {
                throw new ArgumentException(
                    $"Metadata value of '{name}' is not printable ASCII without outer spaces; pass it through BlobMetadata.Encode.", paramName);
            }

            total += name.Length + value.Length;
        }

        if (total > MaxTotalSize)
        {
            throw new ArgumentException($"Metadata totals {total} bytes; the service limit is {MaxTotalSize}.", paramName);
        }
    }
}
