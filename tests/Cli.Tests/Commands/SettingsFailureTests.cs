using System.Text.Json;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>Bad settings stop every command before any work: exit 1 and a message naming the setting, never a stack trace.</summary>
[Trait("Category", "Unit")]
public sealed class SettingsFailureTests
{
    private const string ValidConnectionString =
        "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;";

    [Fact]
    public async Task Run_MissingApsClientId_ExitsOneNamingTheSetting()
    {
        var environment = new Dictionary<string, string?>
        {
            ["Aps__ClientSecret"] = "secret",
            ["Aps__AccountId"] = Guid.NewGuid().ToString(),
            ["BackupStorage__ConnectionString"] = ValidConnectionString,
        };

        var result = await CliHarness.InvokeAsync(environment, "run");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("Aps:ClientId", result.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("Aps:ClientSecret", result.Error, StringComparison.Ordinal);
        AssertNoStackTrace(result);
    }

    [Theory]
    [InlineData("Everything")]
    [InlineData("7")]
    public async Task Run_BadBackupVersions_ExitsOneNamingTheSetting(string value)
    {
        var environment = new Dictionary<string, string?>
        {
            ["Aps__ClientId"] = "id",
            ["Aps__ClientSecret"] = "secret",
            ["Aps__AccountId"] = Guid.NewGuid().ToString(),
            ["BackupStorage__ConnectionString"] = ValidConnectionString,
            ["Backup__Versions"] = value,
        };

        var result = await CliHarness.InvokeAsync(environment, "run");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("Backup:Versions", result.Error, StringComparison.Ordinal);
        AssertNoStackTrace(result);
    }

    [Fact]
    public async Task Verify_BadStorageConnectionString_ExitsOneNamingTheSetting()
    {
        var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "verify", "--storage-connection-string", "AccountName=x;Nonsense");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("BackupStorage:ConnectionString is not a valid storage connection string", result.Error, StringComparison.Ordinal);
        AssertNoStackTrace(result);
    }

    [Fact]
    public async Task Run_NothingConfigured_ListsEveryMissingSetting()
    {
        var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "run");

        Assert.Equal(1, result.ExitCode);
        foreach (var setting in new[] { "Aps:ClientId", "Aps:ClientSecret", "Aps:AccountId", "BackupStorage:ConnectionString" })
        {
            Assert.Contains(setting, result.Error, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task Runs_JsonWithBadContainerName_PrintsJsonErrorNamingTheSetting()
    {
        var environment = new Dictionary<string, string?> { ["BackupStorage__ConnectionString"] = ValidConnectionString };

        var result = await CliHarness.InvokeAsync(environment, "runs", "--json", "--container", "Bad_Name");

        Assert.Equal(1, result.ExitCode);
        using var json = JsonDocument.Parse(result.Output);
        Assert.StartsWith("Invalid settings", json.RootElement.GetProperty("error").GetString(), StringComparison.Ordinal);
        Assert.Contains("BackupStorage:ContainerName", json.RootElement.GetProperty("details")[0].GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Runs_MissingSettingsFile_ExitsOneNamingTheFile()
    {
        var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "runs", "--settings", "/no/such/settings.json");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("/no/such/settings.json", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_BadRunId_ExitsOneBeforeAnyWork()
    {
        var environment = new Dictionary<string, string?>
        {
            ["Aps__ClientId"] = "id",
            ["Aps__ClientSecret"] = "secret",
            ["Aps__AccountId"] = Guid.NewGuid().ToString(),
            ["BackupStorage__ConnectionString"] = ValidConnectionString,
        };

        var result = await CliHarness.InvokeAsync(environment, "run", "--run-id", "../escape");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("Run id '../escape'", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Restore_RequiredOptionsMissing_ExitsOneWithUsage()
    {
        var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "restore");
        var noRun = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "restore", "--to", "somewhere");
        var both = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "restore", "--to", "somewhere", "--run", "latest", "--as-of", "2026-11-20T06:00:00Z");

        Assert.Equal((1, 1, 1), (result.ExitCode, noRun.ExitCode, both.ExitCode));
        Assert.Contains("--to", result.Error, StringComparison.Ordinal);
        Assert.All(new[] { noRun, both }, r => Assert.Contains("exactly one of --run", r.Error, StringComparison.Ordinal));
    }

    [Fact]
    public async Task Restore_VersionWithoutPath_ExitsOneWithUsage()
    {
        var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "restore", "--to", "somewhere", "--version", "2");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("--version restores one file", result.Error, StringComparison.Ordinal);
    }

    private static void AssertNoStackTrace(CliResult result)
    {
        Assert.DoesNotContain("   at ", result.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", result.Error, StringComparison.Ordinal);
    }
}
