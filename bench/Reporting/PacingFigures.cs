namespace AccBackup.Bench.Reporting;

/// <summary>What the pacing scenario measured at one scale: the product's client asking for one account's folder pages
/// and signed URLs as fast as it may, against the emulator's quotas counted at arrival with jittered latency.</summary>
/// <param name="Scale">The seed-scaled account whose calls were made (folder pages 11,737 × scale, signed URLs 39,130 × scale).</param>
/// <param name="FolderPages">Folder-contents calls made.</param>
/// <param name="SignedUrls">Signed-URL calls made.</param>
/// <param name="IdealSeconds">max(pages ÷ contents quota, URLs ÷ OSS quota) windows: the whole quota used at its sustained rate.</param>
/// <param name="ListingSeconds">From the first call to the last folder page's response.</param>
/// <param name="SignedUrlSeconds">From the first call to the last signed URL's response.</param>
/// <param name="Responses429">Calls the emulator refused with 429 (0 when the pacing holds).</param>
/// <param name="CallsPerWindow">Folder pages and signed URLs the emulator answered in each of its windows, from the first.</param>
internal sealed record PacingFigures(
    double Scale,
    int FolderPages,
    int SignedUrls,
    double IdealSeconds,
    double ListingSeconds,
    double SignedUrlSeconds,
    long Responses429,
    IReadOnlyList<string> CallsPerWindow)
{
    /// <summary>The pacing's target against the ideal (issue 35).</summary>
    public const double Goal = 0.95;

    /// <summary>The ideal ÷ the slower endpoint's time.</summary>
    public double Ratio => IdealSeconds / Math.Max(Math.Max(ListingSeconds, SignedUrlSeconds), 0.001);
}
