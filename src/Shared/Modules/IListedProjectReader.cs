namespace AccBackup.Modules;

/// <summary>Reads back what a run's listings of one project wrote (the run's state): its folders and file versions.</summary>
public interface IListedProjectReader
{
    /// <summary>The folders and files the listings under <paramref name="listingKey"/> of <paramref name="runId"/> wrote.</summary>
    Task<ListedProject> ReadAsync(string runId, string listingKey, CancellationToken cancellationToken);
}
