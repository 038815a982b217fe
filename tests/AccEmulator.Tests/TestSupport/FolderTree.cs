namespace AccEmulator.Tests.TestSupport;

/// <summary>A project's folders as the API reports them: times, parent, and the items' lastModifiedTime.</summary>
internal sealed record FolderTree(IReadOnlyDictionary<string, FolderTree.Node> Folders)
{
    /// <summary>One folder's reported times (ISO strings compare in time order: fixed width, UTC).</summary>
    public sealed record Node(string? ParentId, string LastModified, string Rollup, IReadOnlyList<string> ItemTimes);

    /// <summary>Walks every folder under the given roots, hidden entries included.</summary>
    public static async Task<FolderTree> ReadAsync(ApsTestClient aps, string projectId, IEnumerable<string> rootIds)
    {
        var folders = new Dictionary<string, Node>(StringComparer.Ordinal);
        var pending = new Queue<(string Id, string? Parent)>(rootIds.Select(id => (id, (string?)null)));
        while (pending.TryDequeue(out var next))
        {
            var folder = (await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(next.Id)}"))
                .GetProperty("data").GetProperty("attributes");
            var (entries, _, _) = await aps.ListContentsAsync(projectId, next.Id, "?includeHidden=true");
            var itemTimes = new List<string>();
            foreach (var entry in entries)
            {
                if (entry.GetProperty("type").GetString() == "folders")
                {
                    pending.Enqueue((entry.GetProperty("id").GetString()!, next.Id));
                }
                else
                {
                    itemTimes.Add(entry.GetProperty("attributes").GetProperty("lastModifiedTime").GetString()!);
                }
            }

            folders[next.Id] = new Node(next.Parent, folder.GetProperty("lastModifiedTime").GetString()!,
                folder.GetProperty("lastModifiedTimeRollup").GetString()!, itemTimes);
        }

        return new FolderTree(folders);
    }
}
