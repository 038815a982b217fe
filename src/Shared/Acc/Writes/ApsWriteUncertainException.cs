namespace AccBackup.Acc.Writes;

/// <summary>A write that creates something failed in a way that leaves its outcome unknown (a 5xx, a timeout, a dropped
/// connection): it is not sent again blindly; the restore looks at ACC before it writes that file again.</summary>
public sealed class ApsWriteUncertainException(ApsEndpoint endpoint, Exception inner)
    : ApsException(endpoint, (inner as ApsException)?.Status,
        $"APS {endpoint} failed without a clear answer ({inner.Message}); whether it took effect is unknown, so it was not sent again. A rerun of the restore looks at ACC first.", inner);
