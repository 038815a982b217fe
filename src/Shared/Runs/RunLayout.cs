using System.Globalization;
using AccBackup.Manifest;

namespace AccBackup.Runs;

/// <summary>Where a run keeps its working records, beside its manifest under the reserved prefix.</summary>
public static class RunLayout
{
    /// <summary>The folder of one run.</summary>
    public static string RunFolder(string runId) => ManifestLayout.RunsPrefix + runId + "/";

    /// <summary>The prefix of every inventory chunk of a run.</summary>
    public static string InventoryPrefix(string runId) => RunFolder(runId) + "inventory/";

    /// <summary>An inventory chunk written by the listing activity <paramref name="outputKey"/>.</summary>
    public static string InventoryChunk(string runId, string outputKey, int index) =>
        InventoryPrefix(runId) + outputKey + "-" + index.ToString("D3", CultureInfo.InvariantCulture) + ".ndjson";

    /// <summary>The sub-folders found by the listing activity <paramref name="outputKey"/>.</summary>
    public static string SubFolders(string runId, string outputKey) => RunFolder(runId) + "folders/" + outputKey + ".ndjson";

    /// <summary>The prefix of the folder-state records of a run (every folder listed or carried, with its rollup).</summary>
    public static string FolderStatePrefix(string runId) => RunFolder(runId) + "state/folders/";

    /// <summary>The folder-state records written by the listing activity <paramref name="outputKey"/>.</summary>
    public static string FolderState(string runId, string outputKey) => FolderStatePrefix(runId) + outputKey + ".ndjson";

    /// <summary>The copy results of an inventory chunk.</summary>
    public static string Results(string inventoryChunk) => inventoryChunk.Replace("/inventory/", "/results/", StringComparison.Ordinal);

    /// <summary>A new run id from the start time: sortable, unique enough for one account.</summary>
    public static string NewRunId(DateTimeOffset now) =>
        now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture) + "-" + Guid.NewGuid().ToString("N")[..4];
}
