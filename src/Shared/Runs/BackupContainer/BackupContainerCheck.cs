using AccBackup.Storage;

namespace AccBackup.Runs.BackupContainer;

/// <summary>Decides, at the start of a run, whether the backup container can take it: it exists once runs have been
/// written into it, and it carries the retention policy the settings ask for. Pure: <see cref="PrepareRunActivity"/> reads the facts.</summary>
public static class BackupContainerCheck
{
    /// <summary>The problem with the container, or null when the run may go on.</summary>
    /// <param name="container">The backup container's name, for the message.</param>
    /// <param name="holds">The container's properties; null when it does not exist.</param>
    /// <param name="earlierRuns">Whether the state container says runs were written before (a latest-run pointer or working records).</param>
    /// <param name="latestManifestFound">Whether the latest run's manifest is in the container (true when there is no latest run).</param>
    /// <param name="observedRetention">The retention period a blob written now gets (its policy's expiry less its creation), when
    /// the service shows one: the data plane shows a container policy's presence, not its period.</param>
    /// <param name="immutabilityDays">The retention asked for (<see cref="BlobStorageOptions.ImmutabilityDays"/>); 0 asks for none.</param>
    public static BackupContainerProblem? Problem(
        string container, ContainerHolds? holds, bool earlierRuns, bool latestManifestFound, TimeSpan? observedRetention, int immutabilityDays)
    {
        if (holds is null)
        {
            return new(BackupContainerProblem.Missing, earlierRuns
                ? $"The backup container '{container}' is gone although earlier runs were written into it (the state container says so): a run does not start over in a new, empty container. Restore the container (container soft delete), or point {BlobStorageOptions.SectionName}:ContainerName at the right one."
                : $"The backup container '{container}' does not exist, and the app does not create it with this identity: deploy infra/bicep (which creates it), or create it.");
        }

        if (earlierRuns && !latestManifestFound)
        {
            return new(BackupContainerProblem.Missing,
                $"The backup container '{container}' does not hold the latest run's manifest: it was deleted and created again, or another container has its name. Restore the original container (container soft delete), or point {BlobStorageOptions.SectionName}:ContainerName at it.");
        }

        if (immutabilityDays <= 0)
        {
            return null;
        }

        if (!holds.ImmutabilityPolicy)
        {
            return new(BackupContainerProblem.RetentionMissing,
                $"The backup container '{container}' has no time-based retention policy, and {BlobStorageOptions.SectionName}:ImmutabilityDays asks for {immutabilityDays} days: the backup would not be write-once. Restore the policy (infra/bicep creates it), or set {BlobStorageOptions.SectionName}:ImmutabilityDays to 0.");
        }

        // A minute of slack: the service computes the expiry from its own clock, and rounding must not fail a healthy night.
        if (observedRetention is { } period && period < TimeSpan.FromDays(immutabilityDays) - TimeSpan.FromMinutes(1))
        {
            return new(BackupContainerProblem.RetentionShort,
                $"The backup container '{container}' keeps new blobs for {period.TotalDays:0.#} days, and {BlobStorageOptions.SectionName}:ImmutabilityDays asks for {immutabilityDays}: the policy was shortened or never extended. Extend the policy (infra/bicep's immutabilityDays), or lower the setting.");
        }

        return null;
    }
}
