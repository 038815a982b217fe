namespace AccEmulator.Faults;

/// <summary>What the gate does to one request: wait, then maybe answer with an error status instead.</summary>
internal readonly record struct RequestFault(TimeSpan Latency, int StatusCode, TimeSpan? RetryAfter);

/// <summary>How a faulty download ends: not at all, by aborting the connection, or short of Content-Length.</summary>
internal enum DownloadFaultKind
{
    None,
    Reset,
    Truncate,
}

/// <summary>How a download fails: after <see cref="AfterBytes"/> bytes, abort or end the body early.</summary>
internal readonly record struct DownloadFault(DownloadFaultKind Kind, long AfterBytes);
