namespace AccEmulator.Uploads;

/// <summary>OSS's limits on signed-S3 uploads.</summary>
/// <remarks>
/// From the OSS reference (https://aps.autodesk.com/en/docs/data/v2/reference/http/buckets-:bucketKey-objects-:objectKey-signeds3upload-GET/)
/// and S3's multipart rules, which the signed URLs obey (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html).
/// </remarks>
internal static class UploadRules
{
    /// <summary>URLs one GET may ask for (<c>parts</c>).</summary>
    public const int MaxPartsPerRequest = 25;

    /// <summary>The highest part number S3 accepts.</summary>
    public const int MaxPartNumber = 10_000;

    /// <summary>Every part but the last must be at least this big (5 MiB), or completion is refused.</summary>
    public const long MinPartBytes = 5L << 20;

    /// <summary>How long an upload may take from its first GET to its completion.</summary>
    public static readonly TimeSpan UploadLifetime = TimeSpan.FromHours(24);
}
