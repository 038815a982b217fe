using System.Diagnostics;
using System.Reflection;
using System.Text.Json;

namespace AccBackup.Repository.Tests.Files;

/// <summary>Runs the real Bicep compiler (Azure.Bicep.CommandLine, a PackageDownload of this project) on infra/bicep.</summary>
internal static class BicepCompiler
{
    private static readonly Lazy<Task<BicepRun>> MainBuild = new(() => RunAsync("build", RepoFiles.MainBicep, "--stdout", "--no-restore"));

    /// <summary>The bicep executable in the NuGet packages folder, as the build recorded it.</summary>
    public static string ExecutablePath =>
        typeof(BicepCompiler).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().SingleOrDefault(a => a.Key == "BicepPath")?.Value
        ?? throw new InvalidOperationException("The test assembly has no BicepPath metadata (see AccBackup.Shared.Tests.csproj).");

    /// <summary><c>bicep build main.bicep</c>, once per test run: the compiled ARM JSON on stdout, diagnostics on stderr.</summary>
    public static Task<BicepRun> BuildMainAsync() => MainBuild.Value;

    /// <summary>The ARM template main.bicep compiles to; fails the test with bicep's output if the build failed.</summary>
    public static async Task<ArmTemplate> CompileMainAsync()
    {
        var run = await BuildMainAsync();
        Assert.True(run.ExitCode == 0, $"bicep build failed ({run.ExitCode}):{Environment.NewLine}{run.Diagnostics}");
        return new ArmTemplate(JsonDocument.Parse(run.Output).RootElement.Clone());
    }

    /// <summary>Runs bicep with <paramref name="arguments"/> in infra/bicep; a minute at most.</summary>
    public static async Task<BicepRun> RunAsync(params string[] arguments)
    {
        var start = new ProcessStartInfo(ExecutablePath)
        {
            WorkingDirectory = RepoFiles.BicepFolder,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // No telemetry and no update check: the tests run offline.
        start.Environment["BICEP_TELEMETRY_ENABLED"] = "false";
        using var process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {ExecutablePath}.");
        using var timeout = new CancellationTokenSource(Testing.TestWaits.ProcessStart);
        var output = process.StandardOutput.ReadToEndAsync(timeout.Token);
        var diagnostics = process.StandardError.ReadToEndAsync(timeout.Token);
        await process.WaitForExitAsync(timeout.Token);
        return new BicepRun(process.ExitCode, await output, (await diagnostics).Trim());
    }
}

/// <summary>One bicep invocation: exit code, standard output, and the diagnostics it printed (warnings and errors go to stderr).</summary>
internal sealed record BicepRun(int ExitCode, string Output, string Diagnostics);
