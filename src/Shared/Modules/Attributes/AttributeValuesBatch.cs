using System.Text.Json;

namespace AccBackup.Modules.Attributes;

/// <summary>What one <c>versions:batch-get</c> answered: each version's record (its custom attributes among its fields) by version
/// URN, and the error (as APS sent it) for each version it could not answer.</summary>
public sealed record AttributeValuesBatch(IReadOnlyDictionary<string, JsonElement> Results, IReadOnlyDictionary<string, string> Errors);
