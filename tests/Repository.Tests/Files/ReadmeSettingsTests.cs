namespace AccBackup.Repository.Tests.Files;

/// <summary>The README's configuration table documents every setting the app binds, and nothing else.</summary>
[Trait("Category", "Unit")]
public sealed class ReadmeSettingsTests
{
    [Fact]
    public void ConfigurationTable_EveryOption_IsDocumented()
    {
        var documented = DocumentedSettings();

        var missing = Options().Where(o => !documented.Contains(o)).Select(o => $"README.md does not document `{o}`");

        Problems.AssertNone(missing);
    }

    [Fact]
    public void ConfigurationTable_EveryRow_IsARealOption()
    {
        var options = Options().ToHashSet(StringComparer.Ordinal);

        var extra = DocumentedSettings().Where(d => !options.Contains(d)).Select(d => $"README.md documents `{d}`, which no options class binds");

        Problems.AssertNone(extra);
    }

    private static IEnumerable<string> Options() => OptionsCatalog.All.Select(o => o.Name);

    private static HashSet<string> DocumentedSettings() => RepoFiles.Text("README.md")
        .Split('\n')
        .Where(line => line.StartsWith("| `", StringComparison.Ordinal))
        .Select(line => line.Split('`')[1])
        .Where(name => name.Contains(':', StringComparison.Ordinal) && !name.Contains(' ', StringComparison.Ordinal))
        .ToHashSet(StringComparer.Ordinal);
}
