using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using AccBackup.Storage;

namespace AccBackup.Backup;

/// <summary>Maps ACC paths to readable, deterministic blob names that Blob Storage and common tools accept.</summary>
/// <remarks>
/// Blob name = {project}/{folder}/…/{file}. Each segment is NFC-normalised; control characters and
/// <c>\ / &lt; &gt; : " | ? *</c> become '_'; trailing dots and spaces become '_' (Windows drops them); a segment
/// longer than <see cref="MaxSegmentLength"/> is cut and tagged with a hash. A name over 1,024 characters or 254
/// segments keeps its project and file and replaces the folders with one hashed segment. The first segment never
/// equals <see cref="ContainerLayout.ReservedPrefix"/>, so the tool's own data can never collide with a backed-up file.
/// </remarks>
public static class BlobPathBuilder
{
    /// <summary>Longest segment kept as is (file systems allow 255 bytes; leave room for a disambiguation tag).</summary>
    public const int MaxSegmentLength = 200;

    private const int MaxNameLength = 1024;
    private const int MaxSegments = 254;

    /// <summary>Applies the whole-name rules to a name made of already sanitised segments.</summary>
    public static string Fit(string name)
    {
        var segments = name.Split('/');
        if (string.Equals(segments[0], ContainerLayout.ReservedPrefix, StringComparison.OrdinalIgnoreCase))
        {
            segments[0] += "_";
        }

        if (segments.Length > 2 && (name.Length > MaxNameLength || segments.Length > MaxSegments))
        {
            var folders = string.Join('/', segments[1..^1]);
            segments = [segments[0], "_long-path-" + Hash(folders, 12), segments[^1]];
        }

        return string.Join('/', segments);
    }

    /// <summary>One sanitised path segment.</summary>
    public static string Segment(string name)
    {
        var builder = new StringBuilder(name.Length);
        for (var i = 0; i < name.Length; i++)
        {
            var c = name[i];
            if (char.IsHighSurrogate(c) && i + 1 < name.Length && char.IsLowSurrogate(name[i + 1]))
            {
                builder.Append(c).Append(name[++i]);
                continue;
            }

            // Unpaired surrogates cannot be encoded in UTF-8, which blob names are.
            builder.Append(IsRejected(c) || char.IsSurrogate(c) ? '_' : c);
        }

        var normalized = builder.ToString().Normalize(NormalizationForm.FormC);
        builder.Clear().Append(normalized);
        for (var i = builder.Length - 1; i >= 0 && builder[i] is '.' or ' '; i--)
        {
            builder[i] = '_';
        }

        if (builder.Length == 0)
        {
            return "_";
        }

        var segment = builder.ToString();
        return segment.Length <= MaxSegmentLength ? segment : Shorten(segment);
    }

    /// <summary>Makes names unique within one folder, deterministically whatever the listing order.</summary>
    /// <remarks>
    /// Entries are compared case-insensitively (restores to Windows and macOS fold case). In a clash, an entry whose
    /// original name is already clean keeps the name; every other gets " ~" and a hash of its id before the extension.
    /// </remarks>
    public static IReadOnlyDictionary<string, string> Disambiguate(IEnumerable<(string Id, string Name)> entries)
    {
        var result = new Dictionary<string, string>(StringComparer.Ordinal);
        var groups = entries.Select(e => (e.Id, e.Name, Clean: Segment(e.Name)))
            .GroupBy(e => e.Clean, StringComparer.OrdinalIgnoreCase);
        foreach (var group in groups)
        {
            var members = group.OrderBy(e => e.Id, StringComparer.Ordinal).ToList();
            var keeper = members.Count == 1 ? members[0] : members.FirstOrDefault(e => e.Name == e.Clean);
            foreach (var member in members)
            {
                result[member.Id] = member.Id == keeper.Id && keeper.Id is not null ? member.Clean : Tag(member.Clean, member.Id);
            }
        }

        return result;
    }

    private static bool IsRejected(char c) =>
        char.IsControl(c) || c is '\\' or '/' or '<' or '>' or ':' or '"' or '|' or '?' or '*';

    private static string Tag(string clean, string id)
    {
        var tag = " ~" + Hash(id, 8);
        var dot = clean.LastIndexOf('.');
        return dot > 0 ? clean[..dot] + tag + clean[dot..] : clean + tag;
    }

    private static string Shorten(string segment)
    {
        var dot = segment.LastIndexOf('.');
        var extension = dot > 0 && segment.Length - dot <= 16 ? segment[dot..] : string.Empty;
        var keep = MaxSegmentLength - extension.Length - 10;
        if (char.IsHighSurrogate(segment[keep - 1]))
        {
            keep--;
        }
        return segment[..keep] + "~" + Hash(segment, 8) + extension;
    }

    private static string Hash(string text, int length) =>
        Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text)))[..length].ToString(CultureInfo.InvariantCulture);
}
