using System.Text.Json.Serialization;

namespace AccBackup.Manifest;

/// <summary>What a run's nightly proof of stored blobs found: of the blobs the latest run held, tonight's slice was checked
/// (exists, length, version), part of it read whole and hashed; each blob missing or damaged was stored again from ACC while
/// ACC still serves that version. Over <c>Backup:ProveAllWithinDays</c> nights every blob is hashed once.</summary>
/// <param name="Blobs">Distinct blobs the latest run's manifest holds (every stored, deleted and moved file's).</param>
/// <param name="Checked">Of those, checked tonight: existence, length and version.</param>
/// <param name="Hashed">Of those checked, read whole and their SHA-256 compared with the manifest's.</param>
/// <param name="Proven">Checked and found as recorded.</param>
/// <param name="Missing">Gone from the container.</param>
/// <param name="Damaged">Present but with another length, version or SHA-256.</param>
/// <param name="Unreadable">Could not be read tonight (a storage failure): neither proven nor found damaged.</param>
/// <param name="Restored">Of the missing and damaged, stored again from ACC (a missing one under its own name, a damaged one
/// under a new name, which the manifest then names).</param>
/// <param name="Findings">Each missing, damaged or unreadable blob and what was done (the first <see cref="MaxFindingsListed"/> in a manifest).</param>
public sealed record ProofSummary(
    long Blobs, long Checked, long Hashed, long Proven, long Missing, long Damaged, long Unreadable, long Restored, IReadOnlyList<ProofFinding> Findings)
{
    /// <summary>Findings a manifest lists; the counts cover them all.</summary>
    public const int MaxFindingsListed = 100;

    /// <summary>Whether the proof found a blob missing or damaged (restored or not): the run reports CompletedWithErrors.</summary>
    [JsonIgnore]
    public bool FoundLoss => Missing + Damaged > 0;
}
