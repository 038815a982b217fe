namespace AccEmulator.Uploads;

/// <summary>One signed-S3 upload of an object: the parts PUT so far, until it is completed or expires.</summary>
/// <remarks>Guarded by the <see cref="UploadStore"/>'s lock.</remarks>
internal sealed class UploadSession(string uploadKey, string bucket, string objectKey, DateTimeOffset expires)
{
    public string UploadKey { get; } = uploadKey;

    public string Bucket { get; } = bucket;

    public string ObjectKey { get; } = objectKey;

    /// <summary>When parts not completed are discarded (OSS: 24 hours after the upload started).</summary>
    public DateTimeOffset Expires { get; } = expires;

    /// <summary>Part number (1-based) to its bytes and ETag; a part PUT again replaces the earlier bytes, as in S3.</summary>
    public SortedDictionary<int, UploadedPart> Parts { get; } = [];

    /// <summary>The completion's answer once completed: a repeated completion (a lost response) gets it again.</summary>
    public UploadCompletion? Completion { get; set; }
}

/// <summary>The bytes of one part and the ETag its PUT answered (the hex MD5 of the bytes, quoted, as S3 writes it).</summary>
internal sealed record UploadedPart(byte[] Bytes, string ETag);

/// <summary>What a completed upload became: the object's key, size and content type.</summary>
internal sealed record UploadCompletion(string Bucket, string ObjectKey, long Size, string ContentType);
