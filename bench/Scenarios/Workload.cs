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
    /// <summary>
    /// The ideal, max(bytes / total bandwidth, signed URLs / OSS quota, listings / contents quota), and the engine's own floor:
    /// the same with each quota times the client's Aps:Quota:Share; both from the options the scenario ran with.
    /// </summary>
    public IdealTime Ideal(QuotaModel model)
    {
        var bandwidth = (double)Bytes / model.TotalBytesPerSecond;
        var urls = Quotas ? SignedUrls / (double)model.SignedUrlsPerWindow * model.Window.TotalSeconds : 0;
        var listings = Quotas ? FolderListings / (double)model.ContentsPerWindow * model.Window.TotalSeconds : 0;
        var (seconds, bound) = new[] { (bandwidth, "bandwidth"), (urls, "OSS quota (signed URLs)"), (listings, "contents quota (folder listings)") }
            .MaxBy(t => t.Item1);
        var floor = Math.Max(bandwidth, Math.Max(urls, listings) / model.ClientShare);
        return new IdealTime(seconds, bound, bandwidth, urls, listings, floor);
    }
}

/// <summary>The ideal time of a scenario, with each of its terms in seconds, and the floor of a client pacing itself to its quota share.</summary>
internal sealed record IdealTime(double Seconds, string Bound, double BandwidthSeconds, double SignedUrlSeconds, double ListingSeconds, double FloorSeconds);

/// <summary>The limits a scenario ran under, read from the emulator's quota options and the client's settings.</summary>
/// <param name="Window">The emulator's quota window (one minute ÷ k).</param>
/// <param name="ClientShare">The client's Aps:Quota:Share (1 when it does not pace itself).</param>
internal sealed record QuotaModel(TimeSpan Window, int ContentsPerWindow, int SignedUrlsPerWindow, double ClientShare, long TotalBytesPerSecond);
