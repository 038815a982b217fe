namespace AccBackup.Storage;

/// <summary>Service error codes callers filter <see cref="BlobStorageException"/> on: the values of the SDK's <c>BlobErrorCode</c>, as constants for <c>is</c> patterns.</summary>
public static class BlobErrorCodes
{
    /// <summary>An If-Match or If-None-Match condition failed (412).</summary>
    public const string ConditionNotMet = "ConditionNotMet";

    /// <summary>A create-only write found the blob already there (409).</summary>
    public const string BlobAlreadyExists = "BlobAlreadyExists";

    /// <summary>The blob does not exist (404).</summary>
    public const string BlobNotFound = "BlobNotFound";

    /// <summary>The container does not exist (404).</summary>
    public const string ContainerNotFound = "ContainerNotFound";

    /// <summary>The body did not match its Content-MD5 (400); nothing was stored.</summary>
    public const string Md5Mismatch = "Md5Mismatch";

    /// <summary>A committed block list named a block that was never staged (400).</summary>
    public const string InvalidBlockList = "InvalidBlockList";

    /// <summary>A copy from a URL: the service could not reach or read the source, or would not trust it (status varies).</summary>
    public const string CannotVerifyCopySource = "CannotVerifyCopySource";

    /// <summary>An immutability (time-based retention) policy forbids changing or deleting the blob (409).</summary>
    public const string BlobImmutableDueToPolicy = "BlobImmutableDueToPolicy";

    /// <summary>The credential has no right to the operation, e.g. no delete right on the container (403).</summary>
    public const string AuthorizationPermissionMismatch = "AuthorizationPermissionMismatch";
}
