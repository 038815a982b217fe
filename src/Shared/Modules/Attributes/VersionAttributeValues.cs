using System.Text.Json;

namespace AccBackup.Modules.Attributes;

/// <summary>One file version's custom attribute values: the record <c>versions:batch-get</c> answered for it, whole (its
/// <c>customAttributes</c> hold the values assigned, with title, number, revision and approval status beside them).</summary>
/// <param name="Path">The file's path in the project as the run's listing saw it.</param>
/// <param name="Record">What APS answered for the version; null when it answered an error.</param>
/// <param name="Error">Why the version has no record (APS's error for it); the next night asks again.</param>
public sealed record VersionAttributeValues(string VersionId, string Path, DateTimeOffset ReadAt, JsonElement? Record, string? Error);
