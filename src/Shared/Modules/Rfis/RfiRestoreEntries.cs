using AccBackup.Manifest;

namespace AccBackup.Modules.Rfis;

/// <summary>What restores a run's RFIs: the files to write, and the referenced Docs files the run's file backup did not store.</summary>
/// <param name="Unresolved">Each attachment not restorable: where it would have gone and why not.</param>
public sealed record RfiRestoreEntries(IReadOnlyList<ManifestEntry> Entries, IReadOnlyList<(string Place, string Reason)> Unresolved);
