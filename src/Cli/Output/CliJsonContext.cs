using System.Text.Json.Serialization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Restore;
using AccBackup.Retention;
using AccBackup.Verification;

namespace AccBackup.Cli.Output;

/// <summary>Source-generated JSON for <c>--json</c> output: the manifest's conventions (camelCase, enums as strings, nulls left out).</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    UseStringEnumConverter = true,
    WriteIndented = true)]
[JsonSerializable(typeof(ManifestSummary))]
[JsonSerializable(typeof(RunOutput))]
[JsonSerializable(typeof(RunsOutput))]
[JsonSerializable(typeof(HistoryOutput))]
[JsonSerializable(typeof(VerificationReport))]
[JsonSerializable(typeof(RestoreReport))]
[JsonSerializable(typeof(AccBackup.AccRestore.Record.AccRestoreResult))]
[JsonSerializable(typeof(PruneReport))]
[JsonSerializable(typeof(ErrorOutput))]
internal sealed partial class CliJsonContext : JsonSerializerContext;

/// <summary>What <c>run --json</c> prints.</summary>
/// <param name="ManifestUri">The manifest's address in storage (no credentials).</param>
/// <param name="CsvUri">The CSV twin's address.</param>
public sealed record RunOutput(string RunId, string Manifest, string Csv, string ManifestUri, string CsvUri, bool DryRun, ManifestSummary Summary);

/// <summary>What <c>runs --json</c> prints.</summary>
public sealed record RunsOutput(string Container, IReadOnlyList<RunListing> Runs);

/// <summary>What <c>history</c> prints as JSON: the path asked for and each run's entry for it, oldest first.</summary>
public sealed record HistoryOutput(string Path, IReadOnlyList<FileHistoryEntry> Runs);

/// <summary>What any command prints with <c>--json</c> when it cannot do its work.</summary>
/// <param name="Error">One line saying what went wrong.</param>
/// <param name="Details">One line per bad setting or cause, when there are several.</param>
public sealed record ErrorOutput(string Error, IReadOnlyList<string>? Details);
