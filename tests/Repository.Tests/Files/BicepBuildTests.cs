namespace AccBackup.Repository.Tests.Files;

/// <summary>infra/bicep compiles and lints clean with the real Bicep compiler: any warning or error fails, with bicep's output.</summary>
public sealed class BicepBuildTests
{
    [Fact]
    public async Task Build_MainBicep_SucceedsWithoutDiagnostics()
    {
        // Act
        var run = await BicepCompiler.BuildMainAsync();

        // Assert
        Assert.True(run.ExitCode == 0 && run.Diagnostics.Length == 0, $"bicep build exited {run.ExitCode}:{Environment.NewLine}{run.Diagnostics}");
        Assert.StartsWith("{", run.Output.TrimStart(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Lint_EveryBicepFile_ReportsNothing()
    {
        // Act: every file, so a module main.bicep does not (yet) reference is linted too.
        var run = await BicepCompiler.RunAsync("lint", "--pattern", "**/*.bicep");

        // Assert
        Assert.True(run.ExitCode == 0 && run.Diagnostics.Length == 0, $"bicep lint exited {run.ExitCode}:{Environment.NewLine}{run.Diagnostics}");
    }
}
