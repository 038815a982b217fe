using System.Text.Json;

namespace AccBackup.Modules.Photos;

/// <summary>What one Relationships <c>:sync</c> of a project gave, all its <c>moreData</c> answers together.</summary>
/// <param name="Current">Links made since the token (or, with <paramref name="Overwrite"/>, every link that holds).</param>
/// <param name="Deleted">Links removed since the token.</param>
/// <param name="NextSyncToken">The token the next night asks with.</param>
/// <param name="Overwrite">The answer replaces what was held (a sync without a token, or one the service chose to reset).</param>
/// <param name="TokenRefused">Why the token asked with was refused (expired), making this a full sync; null when it was accepted or none was sent.</param>
public sealed record RelationshipSync(IReadOnlyList<JsonElement> Current, IReadOnlyList<JsonElement> Deleted, string NextSyncToken, bool Overwrite, string? TokenRefused);
