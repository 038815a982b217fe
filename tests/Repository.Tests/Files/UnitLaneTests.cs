using AccBackup.Testing;

namespace AccBackup.Repository.Tests.Files;

/// <summary>The unit lane (<c>dotnet test --filter Category=Unit</c>) stays what README promises: a test class marked Unit
/// starts no Azurite, no emulator, no host and no process, and waits on no real seconds.</summary>
[Trait("Category", "Unit")]
public sealed class UnitLaneTests
{
    private const string UnitTrait = "[Trait(\"Category\", \"Unit\")]";

    // What starts a server or a process, or waits on the wall clock; a file using one of them is an integration test.
    private static readonly string[] Forbidden =
    [
        "AzuriteServer", "AzuriteContainerFixture", "EmulatorServer", "TestEmulator", "CopyEngineHost", "DurableBackupHost",
        "ModulesHost", "IssueHost", "TelemetryBackupHost", "DemoRunTelemetry", "RedirectingApsServer", "IngestionEndpoint.Start",
        "CliChildProcess", "Process.Start", "BicepCompiler", "Thread.Sleep", "Task.Delay(TimeSpan.From", "\"Category\", \"Slow\"",
    ];

    [Fact]
    public void UnitTestFiles_Source_StartNoServerOrProcessAndWaitNoRealSeconds()
    {
        // Arrange
        var unitFiles = TestFiles().Where(file => File.ReadAllText(file).Contains(UnitTrait, StringComparison.Ordinal)).ToList();

        // Act
        var hits = unitFiles
            .Where(file => !file.EndsWith(nameof(UnitLaneTests) + ".cs", StringComparison.Ordinal))
            .SelectMany(file => File.ReadLines(file).Select((line, index) => (file, line, index)))
            .Where(hit => Forbidden.Any(name => hit.line.Contains(name, StringComparison.Ordinal)))
            .Select(hit => $"{RepoFiles.Relative(hit.file)}:{hit.index + 1}: {hit.line.Trim()}")
            .ToList();

        // Assert
        Assert.True(unitFiles.Count >= 40, $"only {unitFiles.Count} test files are marked {UnitTrait}");
        Assert.True(hits.Count == 0, $"marked {UnitTrait} but start a server or process or wait real time:" + Environment.NewLine + string.Join(Environment.NewLine, hits));
    }

    private static IEnumerable<string> TestFiles() =>
        Directory.EnumerateFiles(Path.Combine(RepoPaths.Root, "tests"), "*Tests.cs", SearchOption.AllDirectories)
            .Where(file => !file.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !file.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal));
}
