using AccBackup.Backup;

namespace AccBackup.Manifest;

/// <summary>Where a run's records live, under the reserved prefix no backed-up file can use.</summary>
public static class ManifestLayout
{
    /// <summary>The pointer to the latest run's manifest.</summary>
    public const string LatestPointer = BlobPathBuilder.ReservedPrefix + "/latest.json";

    /// <summary>The folder of all runs.</summary>
    public const string RunsPrefix = BlobPathBuilder.ReservedPrefix + "/runs/";

    /// <summary>The JSON manifest of <paramref name="runId"/>.</summary>
    public static string Json(string runId) => RunsPrefix + Validate(runId) + "/manifest.json";

    /// <summary>The CSV twin of the manifest of <paramref name="runId"/>.</summary>
    public static string Csv(string runId) => RunsPrefix + Validate(runId) + "/manifest.csv";

    private static string Validate(string runId) =>
        !string.IsNullOrEmpty(runId) && runId.Length <= 100 && runId.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.') && !runId.Contains("..", StringComparison.Ordinal)
            ? runId
            : throw new ArgumentException($"Run id '{runId}' must be 1–100 characters of letters, digits, '-', '_' or '.'.", nameof(runId));
}

/// <summary>The stable pointer to the latest run.</summary>
public sealed record LatestRun(string RunId, string Manifest, string Csv, ManifestSummary Summary);
