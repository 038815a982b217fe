namespace AccBackup.AccRestore.Planning;

/// <summary>The write calls a plan costs per quota and the least time APS's published per-minute quotas allow for them:
/// max(items/50, folders/50, versions/300, storage/300, OSS/1000), bytes aside.</summary>
/// <param name="Items">POST items (new files): 50 a minute.</param>
/// <param name="Folders">POST folders and PATCH folders: 50 a minute each.</param>
/// <param name="Versions">POST versions (new versions and copyFrom): 300 a minute.</param>
/// <param name="Storage">POST storage (one per uploaded version): 300 a minute.</param>
/// <param name="Oss">signeds3upload GET and POST (at least two per uploaded version): 1,000 a minute, shared with downloads.</param>
/// <param name="Minutes">The least minutes these take at the quotas.</param>
public sealed record RestoreQuotaFloor(int Items, int Folders, int Versions, int Storage, int Oss, double Minutes)
{
    /// <summary>The floor of <paramref name="plan"/>'s writes.</summary>
    public static RestoreQuotaFloor Of(AccRestorePlan plan)
    {
        ArgumentNullException.ThrowIfNull(plan);
        var created = plan.Folders.Count(f => f.Action == FolderAction.Create);
        var unhidden = plan.Folders.Count(f => f.Action == FolderAction.Unhide);
        var items = 0;
        var versions = 0;
        var storage = 0;
        var oss = 0;
        foreach (var file in plan.Files)
        {
            if (file.Action is RestoreAction.UploadNewFile or RestoreAction.UploadNewVersion)
            {
                var uploads = file.Uploads.Count;
                var isNew = file.Action == RestoreAction.UploadNewFile;
                items += isNew ? 1 : 0;
                versions += uploads - (isNew ? 1 : 0);
                storage += uploads;
                oss += file.Uploads.Sum(u => OssCalls(u.Size));
            }
            else if (file.Writes)
            {
                versions++;
            }
        }

        var minutes = new[] { items / 50.0, created / 50.0, unhidden / 50.0, versions / 300.0, storage / 300.0, oss / 1000.0 }.Max();
        return new RestoreQuotaFloor(items, created + unhidden, versions, storage, oss, minutes);
    }

    /// <summary>URL calls (25 parts each) plus the completion for an upload of <paramref name="size"/> bytes in 8 MiB parts.</summary>
    private static int OssCalls(long size)
    {
        var parts = Math.Max(1, (size + (8L << 20) - 1) / (8L << 20));
        return (int)((parts + 24) / 25) + 1;
    }
}
