namespace AccBackup.Acc.Writes;

/// <summary>Part URLs for an upload to an OSS object, as <c>GET …/signeds3upload</c> answered.</summary>
/// <param name="UploadKey">The upload's key: sent again for fresh URLs, and with the completion.</param>
/// <param name="FirstPart">The part number (1-based) of <see cref="Urls"/>[0].</param>
/// <param name="Urls">One URL per part, to PUT with no token. Their query strings are secrets: never log them.</param>
/// <param name="ExpiresAt">When the URLs stop accepting new PUTs (by our clock, counted from before the request).</param>
public sealed record SignedUpload(string UploadKey, int FirstPart, IReadOnlyList<Uri> Urls, DateTimeOffset ExpiresAt)
{
    /// <summary>Whether part <paramref name="part"/> has a URL here.</summary>
    public bool Covers(int part) => part >= FirstPart && part < FirstPart + Urls.Count;

    /// <summary>The URL of part <paramref name="part"/>.</summary>
    public Uri UrlOf(int part) => Urls[part - FirstPart];
}
