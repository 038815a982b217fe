namespace AccBackup.Verification;

/// <summary>The outcome of checking one run's stored files against its manifest.</summary>
/// <param name="RunId">The run whose manifest was checked.</param>
/// <param name="Entries">Entries in the manifest.</param>
/// <param name="Checked">Entries checked (status copied or unchanged).</param>
/// <param name="Bytes">Bytes read and hashed.</param>
/// <param name="Findings">Every difference found, ordered by path; empty when the storage matches.</param>
public sealed record VerificationReport(string RunId, int Entries, int Checked, long Bytes, IReadOnlyList<VerificationFinding> Findings)
{
    /// <summary>Entries checked by length only: copied by the storage service, so no SHA-256 was ever recorded for them.</summary>
    public int SizeOnly { get; init; }

    /// <summary>True when every checked file is stored exactly as recorded.</summary>
    public bool Succeeded => Findings.Count == 0;
}

/// <summary>How far a verification has got.</summary>
public sealed record VerificationProgress(int Checked, int Total, long Bytes);
