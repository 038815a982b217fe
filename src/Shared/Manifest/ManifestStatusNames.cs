namespace AccBackup.Manifest;

/// <summary>The one place a <see cref="ManifestStatus"/> becomes the name manifests write (JSON and CSV) and back.</summary>
public static class ManifestStatusNames
{
    private static readonly Dictionary<ManifestStatus, string> Names =
        Enum.GetValues<ManifestStatus>().ToDictionary(s => s, s => System.Text.Json.JsonNamingPolicy.CamelCase.ConvertName(s.ToString()));

    private static readonly Dictionary<string, ManifestStatus> ByName =
        Names.ToDictionary(p => p.Value, p => p.Key, StringComparer.OrdinalIgnoreCase);

    /// <summary>Every status as written, in declaration order.</summary>
    public static IEnumerable<string> All => Names.Values;

    /// <summary>The written name of <paramref name="status"/>: camelCase, e.g. <c>noContent</c>.</summary>
    public static string Of(ManifestStatus status) =>
        Names.TryGetValue(status, out var name) ? name : throw new ArgumentOutOfRangeException(nameof(status), status, "Unknown manifest status.");

    /// <summary>Parses a written name in either spelling (<c>noContent</c>, or <c>NoContent</c> from older manifests).</summary>
    public static bool TryParse(string? name, out ManifestStatus status) => ByName.TryGetValue(name ?? string.Empty, out status);
}
