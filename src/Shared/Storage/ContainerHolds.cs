namespace AccBackup.Storage;

/// <summary>What forbids deletes in a whole container, as its properties say (blob-level holds are on <see cref="StoredBlob"/>).</summary>
/// <param name="ImmutabilityPolicy">A time-based retention policy: a blob younger than its period cannot be deleted.</param>
/// <param name="LegalHold">A legal hold: no blob can be deleted until it is cleared.</param>
public sealed record ContainerHolds(bool ImmutabilityPolicy, bool LegalHold);
