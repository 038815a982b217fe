using System.Globalization;
using AccBackup.Storage;

namespace AccBackup.Manifest.Catalog;

/// <summary>Where a run's blobs live: <c>$acc-backup/runs/{runId}/</c> holds its manifest and its working records, under the
/// reserved prefix no backed-up file can use; <c>$acc-backup/latest.json</c> points to the latest run.</summary>
public static class RunLayout
{
    /// <summary>The pointer to the latest run's manifest.</summary>
    public const string LatestPointer = BlobNames.ReservedPrefix + "/latest.json";

    /// <summary>The folder of all runs.</summary>
    public const string RunsPrefix = BlobNames.ReservedPrefix + "/runs/";

    /// <summary>The manifest's file name within its run's folder.</summary>
    public const string ManifestFileName = "manifest.json";

    /// <summary>The folder of one run; refuses a malformed run id (<see cref="RunId.Parse"/>).</summary>
    public static string RunFolder(string runId) => RunsPrefix + RunId.Parse(runId).Value + "/";

    /// <summary>The JSON manifest of <paramref name="runId"/>.</summary>
    public static string Json(string runId) => RunFolder(runId) + ManifestFileName;

    /// <summary>The CSV twin of the manifest of <paramref name="runId"/>.</summary>
    public static string Csv(string runId) => RunFolder(runId) + "manifest.csv";

    /// <summary>An empty blob a run writes into the backup container to read the retention period new blobs get (PrepareRunActivity).</summary>
    public static string RetentionProbe(string runId) => RunFolder(runId) + "retention-probe";

    /// <summary>The prefix of every inventory chunk of a run.</summary>
    public static string InventoryPrefix(string runId) => RunFolder(runId) + "inventory/";

    /// <summary>An inventory chunk written by the listing activity <paramref name="outputKey"/>.</summary>
    public static string InventoryChunk(string runId, string outputKey, int index) =>
        InventoryPrefix(runId) + outputKey + "-" + index.ToString("D3", CultureInfo.InvariantCulture) + ".ndjson";

    /// <summary>The copy results of an inventory chunk.</summary>
    public static string Results(string inventoryChunk) => inventoryChunk.Replace("/inventory/", "/results/", StringComparison.Ordinal);

    /// <summary>The sub-folders found by the listing activity <paramref name="outputKey"/>.</summary>
    public static string SubFolders(string runId, string outputKey) => RunFolder(runId) + "folders/" + outputKey + ".ndjson";

    /// <summary>The prefix of the folder-state records of a run (every folder listed or carried, with its rollup).</summary>
    public static string FolderStatePrefix(string runId) => RunFolder(runId) + "state/folders/";

    /// <summary>The folder-state records written by the listing activity <paramref name="outputKey"/>.</summary>
    public static string FolderState(string runId, string outputKey) => FolderStatePrefix(runId) + outputKey + ".ndjson";
}
