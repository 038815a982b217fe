using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using AccBackup.Storage;

namespace AccBackup.Backup.Naming;

/// <summary>Maps ACC paths to readable, deterministic blob names that Blob Storage and common tools accept.</summary>
/// <remarks>
/// Blob name = {project}/{folder}/…/{file with its version} (see <see cref="Versioned"/>). Each segment is NFC-normalised; control characters and
/// <c>\ / &lt; &gt; : " | ? *</c> become '_'; trailing dots and spaces become '_' (Windows drops them); a segment
/// longer than <see cref="MaxSegmentLength"/> is cut and tagged with a hash. A name over 1,024 characters or 254
/// segments keeps its project and file and replaces the folders with one hashed segment. The first segment never
/// equals <see cref="BlobNames.ReservedPrefix"/>, so the tool's own data can never collide with a backed-up file.
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
        if (string.Equals(segments[0], BlobNames.ReservedPrefix, StringComparison.OrdinalIgnoreCase))
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

    /// <summary>A file's segment with its version: <c>Model.rvt</c> version 3 is <c>Model.v3.rvt</c> (extension kept last, so
    /// the file still opens by type); a name without extension gets <c>.v3</c> at its end. Each version's blob is written once.</summary>
    /// <remarks>Injective: a name without a dot gets one dot, a name with one keeps its extension after the tag, so two
    /// different (segment, version) pairs never give the same name.</remarks>
    public static string Versioned(string segment, int? versionNumber)
    {
        ArgumentException.ThrowIfNullOrEmpty(segment);
        if (versionNumber is not { } number)
        {
            return segment;
        }

        var tag = ".v" + number.ToString(CultureInfo.InvariantCulture);
        var dot = segment.LastIndexOf('.');
        return dot > 0 ? segment[..dot] + tag + segment[dot..] : segment + tag;
    }

    /// <summary>The second name of a version whose first name (<paramref name="blobName"/>) is taken by another version: the
    /// same, tagged with a hash of <paramref name="versionId"/> (e.g. a file deleted and a new one uploaded under its name).</summary>
    public static string Alternate(string blobName, string versionId)
    {
        ArgumentException.ThrowIfNullOrEmpty(blobName);
        var slash = blobName.LastIndexOf('/');
        return blobName[..(slash + 1)] + Tag(blobName[(slash + 1)..], versionId);
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
