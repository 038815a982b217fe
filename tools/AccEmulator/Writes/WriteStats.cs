namespace AccEmulator.Writes;

/// <summary>What the write endpoints did so far: a restore test asserts "each version created exactly once" with it.</summary>
/// <param name="VersionsCreatedByItem">Item id to the versions the API created on it (a new item's first version, new versions, copies, deletes).</param>
/// <param name="ItemsCreated">Items created by <c>POST …/items</c>.</param>
/// <param name="FoldersCreated">Folders created by <c>POST …/folders</c>.</param>
/// <param name="UploadedBytes">Bytes received by upload part URLs (every PUT, retries included).</param>
/// <param name="CompletedUploads">Uploads completed by <c>POST …/signeds3upload</c>.</param>
public sealed record WriteStats(
    IReadOnlyDictionary<string, int> VersionsCreatedByItem,
    int ItemsCreated,
    int FoldersCreated,
    long UploadedBytes,
    int CompletedUploads)
{
    /// <summary>Versions created through the API in all.</summary>
    public int VersionsCreated => VersionsCreatedByItem.Values.Sum();
}
