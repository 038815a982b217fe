using System.Globalization;
using AccBackup.Storage;

namespace AccBackup.Manifest;

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

    /// <summary>The folder of one run; refuses a run id that is not 1–100 letters, digits, '-', '_' or '.'.</summary>
    public static string RunFolder(string runId) => RunsPrefix + Validate(runId) + "/";

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

    /// <summary>A new run id from the start time: sortable, unique enough for one account.</summary>
    public static string NewRunId(DateTimeOffset now) =>
        now.UtcDateTime.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture) + "-" + Guid.NewGuid().ToString("N")[..4];

    private static string Validate(string runId) =>
        !string.IsNullOrEmpty(runId) && runId.Length <= 100 && runId.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.') && !runId.Contains("..", StringComparison.Ordinal)
            ? runId
            : throw new ArgumentException($"Run id '{runId}' must be 1–100 characters of letters, digits, '-', '_' or '.'.", nameof(runId));
}
