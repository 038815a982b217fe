using System.Globalization;
using System.Text;

namespace AccEmulator.Photos;

/// <summary>What a Relationships sync token says: the token epoch it was issued in, the project, the change its holder read up to
/// (<see cref="Since"/>; -1 before a first full sync), and, mid-sync (<c>moreData</c>), the change the sync is reading up to and
/// how many items of it were served.</summary>
internal sealed record SyncToken(int Epoch, Guid Project, long Since, long? UpTo, int Offset)
{
    public string Encode() => Convert.ToBase64String(Encoding.UTF8.GetBytes(
        string.Create(CultureInfo.InvariantCulture, $"{Epoch}|{Project:D}|{Since}|{UpTo?.ToString(CultureInfo.InvariantCulture) ?? ""}|{Offset}")));

    public static SyncToken? Decode(string text)
    {
        try
        {
            var parts = Encoding.UTF8.GetString(Convert.FromBase64String(text)).Split('|');
            return parts.Length == 5
                ? new SyncToken(int.Parse(parts[0], CultureInfo.InvariantCulture), Guid.Parse(parts[1]), long.Parse(parts[2], CultureInfo.InvariantCulture),
                    parts[3].Length == 0 ? null : long.Parse(parts[3], CultureInfo.InvariantCulture), int.Parse(parts[4], CultureInfo.InvariantCulture))
                : null;
        }
        catch (FormatException)
        {
            return null;
        }
    }
}
