using AccBackup.Acc;
using AccBackup.Acc.JsonApi;
using AccBackup.Issues.Snapshots;

namespace AccBackup.Issues;

/// <summary>Finds the issues an incremental export would carry although ACC lists them no more (purged, moved out of the
/// project, or deleted where the service account cannot see deleted issues). No <c>filter[updatedAt]</c> ever reads such an
/// issue again: without this check it would stay in every later snapshot as if it still existed.</summary>
/// <remarks>
/// Cheap by counting: each pass's <c>totalResults</c> (one call each, asked before the updatedAt passes read) against the records
/// the new snapshot would hold for that pass. Every issue a pass lists is in those records, read because it changed since the run
/// before (created, updated, deleted and restored issues all move <c>updatedAt</c>) or carried. So the records hold at least the
/// listed issues, and equal counts mean the same issues; only a pass whose count differs is listed in full (full pages: the
/// emulator does not serve <c>fields=</c>, and the number of calls is the same), and its carried records it no longer lists are
/// dropped. New issues cannot hide a vanished one: a new issue counts on both sides (in the total, and read into the records),
/// a vanished one only in the records, which therefore stay more than the total.
/// Changes made while the export reads can upset the counts. An issue deleted after the totals (read by the deleted pass, so one
/// fewer undeleted record) can balance a vanished one: that record is kept tonight and dropped by the next night's check. A carried
/// issue deleted after the passes but before its pass's full listing is dropped although it exists; the next night reads it again
/// (its <c>updatedAt</c> is after this export began). An issue this export read is never dropped: it was just listed.
/// </remarks>
internal sealed class VanishedIssues
{
    private readonly IssuesClient client;
    private readonly string projectId;
    private readonly long undeletedTotal;
    private readonly long deletedTotal;

    private VanishedIssues(IssuesClient client, string projectId, long undeletedTotal, long deletedTotal)
    {
        this.client = client;
        this.projectId = projectId;
        this.undeletedTotal = undeletedTotal;
        this.deletedTotal = deletedTotal;
    }

    /// <summary>Asks how many issues each pass lists now: two calls, made before the passes read.</summary>
    public static async Task<VanishedIssues> CountAsync(IssuesClient client, string projectId, CancellationToken cancellationToken)
    {
        var undeleted = await client.CountIssuesAsync(projectId, deleted: false, cancellationToken).ConfigureAwait(false);
        var deleted = await client.CountIssuesAsync(projectId, deleted: true, cancellationToken).ConfigureAwait(false);
        return new VanishedIssues(client, projectId, undeleted, deleted);
    }

    /// <summary>The ids of the <paramref name="carried"/> records their pass no longer lists; <paramref name="records"/> are all the
    /// new snapshot would hold (read and carried). Lists a pass in full only when its count differs from its total.</summary>
    public async Task<IReadOnlySet<string>> FindAsync(IReadOnlyCollection<IssueRecord> records, IReadOnlyCollection<IssueRecord> carried, CancellationToken cancellationToken)
    {
        var vanished = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (deleted, total) in ((bool, long)[])[(false, undeletedTotal), (true, deletedTotal)])
        {
            if (records.Count(r => r.Deleted == deleted) == total || !carried.Any(r => r.Deleted == deleted))
            {
                continue;
            }

            var listed = new HashSet<string>(StringComparer.Ordinal);
            var reader = new JsonApiReader(ApsEndpoint.Issues);
            await foreach (var issue in client.ListIssuesAsync(projectId, deleted, null, cancellationToken).ConfigureAwait(false))
            {
                listed.Add(reader.RequiredString(issue, "id"));
            }

            vanished.UnionWith(carried.Where(r => r.Deleted == deleted && !listed.Contains(r.Id)).Select(r => r.Id));
        }

        return vanished;
    }
}
