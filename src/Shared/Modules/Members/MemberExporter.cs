using System.Text.Json;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;

namespace AccBackup.Modules.Members;

/// <summary>Writes one project's members for one run: both passes (active and pending, then removed) read through
/// <see cref="MembersClient"/>, the JSON record and the CSV created once under the run. The Admin API has no updated-since
/// filter: every night reads the list whole (one call per 200 members and pass). A second call for the same run and project
/// returns what the first wrote.</summary>
public sealed partial class MemberExporter(MembersClient client, BlobContainer container, TimeProvider time, ILogger<MemberExporter> logger) : IProjectModuleExporter
{
    /// <summary>The counts this exporter reports.</summary>
    public static class Counts
    {
        /// <summary>Members, removed ones included.</summary>
        public const string Members = "members";

        /// <summary>Of <see cref="Members"/>, those removed from the project.</summary>
        public const string Removed = "removed";
    }

    /// <inheritdoc />
    public string ModuleName => ModuleNames.Members;

    /// <inheritdoc />
    public async Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await MemberSnapshotReader.ReadAsync(container, input.RunId, input.ProjectId, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return CountsOf(written);
        }

        var members = new List<JsonElement>();
        foreach (var removed in (bool[])[false, true])
        {
            await foreach (var member in client.ListAsync(input.ProjectId, removed, cancellationToken).ConfigureAwait(false))
            {
                members.Add(member);
            }
        }

        var snapshot = new MemberSnapshot(input.ProjectId, input.ProjectName, input.RunId, time.GetUtcNow(), members);
        await ModuleSnapshots.WriteOnceAsync(container, MemberLayout.Csv(input.RunId, input.ProjectId), MemberCsv.Write(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, MemberLayout.Snapshot(input.RunId, input.ProjectId), JsonSerializer.SerializeToUtf8Bytes(snapshot, MemberJsonContext.Default.MemberSnapshot),
            "application/json", cancellationToken).ConfigureAwait(false);
        Log.Exported(logger, input.ProjectId, members.Count, snapshot.Removed);
        return CountsOf(snapshot);
    }

    private static Dictionary<string, long> CountsOf(MemberSnapshot snapshot) => new(StringComparer.Ordinal)
    {
        [Counts.Members] = snapshot.Members.Count,
        [Counts.Removed] = snapshot.Removed,
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 9120, Level = LogLevel.Information, Message = "Members of {ProjectId} exported: {Members} members ({Removed} removed from the project)")]
        public static partial void Exported(ILogger logger, string projectId, int members, int removed);
    }
}
