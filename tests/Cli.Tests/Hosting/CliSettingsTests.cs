using AccBackup.Cli.Hosting;

namespace AccBackup.Cli.Tests.Hosting;

[Trait("Category", "Unit")]
public sealed class CliSettingsTests : IDisposable
{
    private readonly DirectoryInfo folder = Directory.CreateTempSubdirectory("cli-settings-");

    [Fact]
    public void Build_ToolFileSettingsFileEnvironmentAndFlags_MostSpecificWins()
    {
        File.WriteAllText(Path.Combine(folder.FullName, CliSettings.DefaultFileName),
            """{ "Aps": { "ClientId": "tool", "ClientSecret": "tool", "AccountId": "tool", "Scopes": "tool" } }""");
        var settings = new FileInfo(Path.Combine(folder.FullName, "custom.json"));
        File.WriteAllText(settings.FullName, """{ "Aps": { "ClientSecret": "file", "AccountId": "file", "Scopes": "file" } }""");
        var environment = new Dictionary<string, string?> { ["Aps__AccountId"] = "env", ["Aps__Scopes"] = "env" };

        var configuration = CliSettings.Build(CreateContext(environment), settings, [new("Aps:Scopes", "flag")]);

        Assert.Equal(("tool", "file", "env", "flag"), (configuration["Aps:ClientId"], configuration["Aps:ClientSecret"], configuration["Aps:AccountId"], configuration["Aps:Scopes"]));
    }

    [Fact]
    public void Build_MissingSettingsFile_ThrowsNamingTheFile()
    {
        var missing = new FileInfo(Path.Combine(folder.FullName, "absent.json"));

        var error = Assert.Throws<SettingsFileException>(() => CliSettings.Build(CreateContext([]), missing, []));

        Assert.Contains("absent.json", error.Message, StringComparison.Ordinal);
        Assert.Contains("--settings", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Build_SettingsFileNotJson_ThrowsSayingSo()
    {
        var broken = new FileInfo(Path.Combine(folder.FullName, "broken.json"));
        File.WriteAllText(broken.FullName, "{ not json");

        var error = Assert.Throws<SettingsFileException>(() => CliSettings.Build(CreateContext([]), broken, []));

        Assert.Contains("not valid JSON", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => folder.Delete(recursive: true);

    private CliContext CreateContext(Dictionary<string, string?> environment) =>
        new(TextWriter.Null, TextWriter.Null, interactive: false, environment, folder.FullName, TimeProvider.System);
}
