namespace AccBackup.Manifest.Catalog;

/// <summary>The stable pointer to the latest run.</summary>
public sealed record LatestRun(string RunId, string Manifest, string Csv, ManifestSummary Summary);
