
namespace AccBackup.Manifest.Catalog;

/// <summary>One run found in storage, with its manifest's summary (or why it could not be read).</summary>
/// <param name="RunId">The run id (its folder under <c>$acc-backup/runs/</c>).</param>
/// <param name="Manifest">The manifest's blob name.</param>
/// <param name="WrittenAt">When the manifest was written.</param>
/// <param name="Summary">The manifest's summary; null when it could not be read.</param>
/// <param name="Error">Why the summary could not be read.</param>
public sealed record RunListing(string RunId, string Manifest, DateTimeOffset WrittenAt, ManifestSummary? Summary, string? Error);
