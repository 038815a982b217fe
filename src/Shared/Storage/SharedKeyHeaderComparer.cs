namespace AccBackup.Storage;

/// <summary>Orders <c>x-ms-*</c> header names the way the Blob service does when it checks a Shared Key signature.</summary>
/// <remarks>
/// The service sorts with the .NET en-US culture ("word sort"), not ordinally: a hyphen is ignored at first, and
/// other symbols such as <c>_</c> sort before digits, which sort before letters. Ordinal order differs for metadata
/// names like <c>a_b</c> versus <c>a1</c>, and a wrong order is a 403. Azurite (ICU) agrees on every name this
/// client sends, because metadata names hold only letters, digits and underscores. The app runs with invariant
/// globalization, so the rule is written out here rather than taken from a culture.
/// </remarks>
internal sealed class SharedKeyHeaderComparer : IComparer<string>
{
    /// <summary>The shared instance.</summary>
    public static readonly SharedKeyHeaderComparer Instance = new();

    private SharedKeyHeaderComparer()
    {
    }

    /// <inheritdoc />
    public int Compare(string? x, string? y)
    {
        if (x is null || y is null)
        {
            return x is null ? (y is null ? 0 : -1) : 1;
        }

        int i = 0, j = 0;
        while (true)
        {
            while (i < x.Length && x[i] == '-')
            {
                i++;
            }

            while (j < y.Length && y[j] == '-')
            {
                j++;
            }

            if (i == x.Length || j == y.Length)
            {
                // Equal so far: the shorter name first; names equal but for hyphens fall back to ordinal order.
                var byLength = (x.Length - i).CompareTo(y.Length - j);
                return byLength != 0 ? byLength : string.CompareOrdinal(x, y);
            }

            var byWeight = Weight(x[i]).CompareTo(Weight(y[j]));
            if (byWeight != 0)
            {
                return byWeight;
            }

            i++;
            j++;
        }
    }

    // Symbols, then digits, then letters (case-insensitive), then anything else by code point.
    private static int Weight(char c) => c switch
    {
        >= '0' and <= '9' => 0x1000 + c,
        >= 'a' and <= 'z' => 0x2000 + c,
        >= 'A' and <= 'Z' => 0x2000 + c + ('a' - 'A'),
        < (char)0x80 => c,
        _ => 0x3000 + c,
    };
}
