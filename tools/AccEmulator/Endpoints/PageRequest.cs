using System.Globalization;
using System.Text;
using Microsoft.Extensions.Primitives;

namespace AccEmulator.Endpoints;

/// <summary><c>page[number]</c> (0-based) and <c>page[limit]</c> (default and maximum 200), and the links between pages.</summary>
internal readonly record struct PageRequest(int Number, int Limit)
{
    public const int MaxLimit = 200;
    private const string NumberKey = "page[number]";
    private const string LimitKey = "page[limit]";

    public int Skip => (int)Math.Min(int.MaxValue, (long)Number * Limit);

    /// <summary>Parses the paging parameters; APS answers 400 for values that are not non-negative integers.</summary>
    public static bool TryParse(IQueryCollection query, out PageRequest page, out string? error)
    {
        page = default;
        error = null;
        if (!TryRead(query[NumberKey], 0, out var number) || number < 0)
        {
            error = "page[number] must be a non-negative integer.";
            return false;
        }

        if (!TryRead(query[LimitKey], MaxLimit, out var limit) || limit < 1)
        {
            error = "page[limit] must be a positive integer.";
            return false;
        }

        page = new PageRequest(number, Math.Min(limit, MaxLimit));
        return true;
    }

    /// <summary>The same request for page <paramref name="number"/>: absolute, every query key and value percent-encoded.</summary>
    public static string Link(string resourceUrl, IQueryCollection query, int number)
    {
        var link = new StringBuilder(resourceUrl)
            .Append('?').Append(Uri.EscapeDataString(NumberKey)).Append('=').Append(number.ToString(CultureInfo.InvariantCulture));
        foreach (var (key, values) in query)
        {
            if (key == NumberKey)
            {
                continue;
            }

            foreach (var value in values)
            {
                link.Append('&').Append(Uri.EscapeDataString(key)).Append('=').Append(Uri.EscapeDataString(value ?? ""));
            }
        }

        return link.ToString();
    }

    private static bool TryRead(StringValues values, int fallback, out int value)
    {
        value = fallback;
        return StringValues.IsNullOrEmpty(values)
            || int.TryParse(values[0], NumberStyles.None, CultureInfo.InvariantCulture, out value);
    }
}
