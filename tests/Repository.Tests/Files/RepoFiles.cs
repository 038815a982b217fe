using System.Text.Json;
using AccBackup.Testing;

namespace AccBackup.Repository.Tests.Files;

/// <summary>The deployment files under test, read from the repository root.</summary>
internal static class RepoFiles
{
    /// <summary>infra/bicep.</summary>
    public static string BicepFolder => Path.Combine(RepoPaths.Root, "infra", "bicep");

    /// <summary>infra/bicep/main.bicep.</summary>
    public static string MainBicep => Path.Combine(BicepFolder, "main.bicep");

    /// <summary>The path relative to the repository root, for messages.</summary>
    public static string Relative(string path) => Path.GetRelativePath(RepoPaths.Root, path).Replace('\\', '/');

    /// <summary>Reads a repository file as text.</summary>
    public static string Text(params string[] relative) => File.ReadAllText(Path.Combine([RepoPaths.Root, .. relative]));

    /// <summary>Parses a repository file as strict JSON (no comments, no trailing commas), or JSON with comments.</summary>
    public static JsonDocument Json(bool allowComments, params string[] relative) => JsonDocument.Parse(
        Text(relative),
        new JsonDocumentOptions
        {
            CommentHandling = allowComments ? JsonCommentHandling.Skip : JsonCommentHandling.Disallow,
            AllowTrailingCommas = allowComments,
        });

    /// <summary>The <c>Values</c> of local.settings.sample.json, in file order.</summary>
    public static IReadOnlyList<KeyValuePair<string, string>> LocalSettingsValues()
    {
        using var sample = Json(allowComments: false, "local.settings.sample.json");
        return [.. sample.RootElement.GetProperty("Values").EnumerateObject()
            .Select(p => KeyValuePair.Create(p.Name, p.Value.GetString() ?? throw new FormatException($"Values.{p.Name} must be a string.")))];
    }
}
