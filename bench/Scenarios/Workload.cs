namespace AccBackup.Bench.Scenarios;

/// <summary>What a scenario asks to move, and the floor the fixed parameters put under its time.</summary>
/// <param name="Files">Files in scope (with or without storage).</param>
/// <param name="SignedUrls">Files with storage: one signed URL each at least.</param>
/// <param name="Bytes">Bytes the download URLs serve for those files.</param>
/// <param name="FolderListings">Folder-contents pages a full listing takes (counted by an untimed pre-scan).</param>
/// <param name="Quotas">Whether the APS quotas apply.</param>
/// <param name="LargestFileBytes">The largest file's bytes.</param>
internal sealed record Workload(int Files, int SignedUrls, long Bytes, int FolderListings, bool Quotas, long LargestFileBytes)
{
    /// <summary>APS's folder-contents quota, per minute.</summary>
    public const double ContentsPerMinute = 300;

    /// <summary>APS's OSS quota (signed URLs), per minute.</summary>
    public const double SignedUrlsPerMinute = 1000;

    /// <summary>max(bytes / total bandwidth, signed URLs / OSS quota, listings / contents quota) and which term it is.</summary>
    public IdealTime Ideal(long totalBytesPerSecond)
    {
        var bandwidth = (double)Bytes / totalBytesPerSecond;
        var urls = Quotas ? SignedUrls / SignedUrlsPerMinute * 60 : 0;
        var listings = Quotas ? FolderListings / ContentsPerMinute * 60 : 0;
        var (seconds, bound) = new[] { (bandwidth, "bandwidth"), (urls, "OSS quota (signed URLs)"), (listings, "contents quota (folder listings)") }
            .MaxBy(t => t.Item1);
        return new IdealTime(seconds, bound, bandwidth, urls, listings);
    }
}

/// <summary>The ideal time of a scenario, with each of its terms in seconds.</summary>
internal sealed record IdealTime(double Seconds, string Bound, double BandwidthSeconds, double SignedUrlSeconds, double ListingSeconds);
