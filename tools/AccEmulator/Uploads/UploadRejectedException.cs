namespace AccEmulator.Uploads;

/// <summary>An upload request OSS would refuse: the status to answer and OSS's <c>reason</c>.</summary>
internal sealed class UploadRejectedException(int status, string reason) : Exception(reason)
{
    public int Status { get; } = status;
}
