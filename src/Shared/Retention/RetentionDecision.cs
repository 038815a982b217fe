namespace AccBackup.Retention;

/// <summary>A finished backup run as the retention policy sees it: its id and when it started.</summary>
public sealed record RetentionCandidate(string RunId, DateTimeOffset StartedAt);

/// <summary>What the policy decided for one run: kept for the <paramref name="Reasons"/> given, or removed when there are none.</summary>
public sealed record RetentionDecision(RetentionCandidate Run, IReadOnlyList<RetentionReason> Reasons)
{
    /// <summary>Whether the run is kept.</summary>
    public bool Keep => Reasons.Count > 0;
}

/// <summary>Why a run is kept.</summary>
public enum RetentionReason
{
    /// <summary>The newest backup run, always kept.</summary>
    Latest,

    /// <summary>The newest run of one of the last days kept.</summary>
    Daily,

    /// <summary>The newest run of one of the last ISO weeks kept.</summary>
    Weekly,

    /// <summary>The newest run of one of the last months kept.</summary>
    Monthly,

    /// <summary>The run the latest-run pointer names: the next backup builds on it.</summary>
    LatestPointer,

    /// <summary>Outside the policy, but storage refused to delete its manifest (a retention policy or legal hold): it stays whole.</summary>
    Retained,
}
