using AccBackup.Cli.Hosting;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using AccBackup.Testing;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace AccBackup.Cli.Tests;

/// <summary>Runs the command tree in process with captured output, a fixed environment and a tool folder without appsettings.json.</summary>
internal static class CliHarness
{
    // A folder with no appsettings.json, so only what a test passes configures the tool.
    private static readonly string ToolDirectory = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "tool-without-settings")).FullName;

    public static Task<CliResult> InvokeAsync(IReadOnlyDictionary<string, string?> environment, params string[] args) =>
        InvokeAsync(environment, TimeProvider.System, args);

    /// <summary>Runs the command with <paramref name="time"/> as the tool's clock (e.g. a night on an earlier day).</summary>
    public static async Task<CliResult> InvokeAsync(IReadOnlyDictionary<string, string?> environment, TimeProvider time, params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var context = new CliContext(output, error, interactive: false, environment, ToolDirectory, time);

        var exitCode = await CliApplication.InvokeAsync(args, context, CancellationToken.None);

        return new CliResult(exitCode, output.ToString(), error.ToString());
    }

    /// <summary>The command tree the tool parses with, built over a context that writes nowhere.</summary>
    public static System.CommandLine.RootCommand CommandTree() =>
        CliApplication.Build(new CliContext(TextWriter.Null, TextWriter.Null, interactive: false, new Dictionary<string, string?>(), ToolDirectory, TimeProvider.System));

    /// <summary>Environment variables pointing at a fresh container on the test run's Azurite.</summary>
    public static async Task<Dictionary<string, string?>> StorageEnvironmentAsync(string? containerName = null)
    {
        var azurite = await AzuriteServer.GetAsync();
        return new Dictionary<string, string?>
        {
            ["BackupStorage__ConnectionString"] = azurite.ConnectionString,
            ["BackupStorage__ContainerName"] = containerName ?? NewContainerName(),
        };
    }

    /// <summary>The storage environment plus the emulator's APS settings, the client's own pacing off (the emulator's quotas decide).</summary>
    public static async Task<Dictionary<string, string?>> EmulatorEnvironmentAsync(AccEmulator.EmulatorServer emulator)
    {
        var environment = await StorageEnvironmentAsync();
        environment["Aps__BaseUrl"] = emulator.BaseUrl.ToString();
        environment["Aps__ClientId"] = emulator.ClientId;
        environment["Aps__ClientSecret"] = emulator.ClientSecret;
        environment["Aps__AccountId"] = emulator.AccountId;
        environment["Aps__Quota__Enabled"] = "false";
        environment["Sheets__ExportPollInterval"] = "00:00:00.020";
        return environment;
    }

    public static string NewContainerName() => AzuriteServer.NewContainerName("cli");

    /// <summary>A client for the container the environment names (with <paramref name="state"/>, its state container).</summary>
    public static BlobContainer ContainerFor(IReadOnlyDictionary<string, string?> environment, bool state = false) => new(
        Options.Create(new BlobStorageOptions
        {
            ConnectionString = environment["BackupStorage__ConnectionString"],
            ContainerName = environment["BackupStorage__ContainerName"]! + (state ? BlobStorageOptions.StateSuffix : ""),
        }),
        NullLogger<BlobContainer>.Instance);

    /// <summary>A manifest reader over the environment's backup and state containers (both disposed by the caller).</summary>
    public static (ManifestReader Reader, IDisposable Clients) ReaderFor(IReadOnlyDictionary<string, string?> environment)
    {
        var backup = ContainerFor(environment);
        var state = ContainerFor(environment, state: true);
        return (new ManifestReader(backup, state), new Clients(backup, state));
    }

    private sealed class Clients(params IDisposable[] owned) : IDisposable
    {
        public void Dispose()
        {
            foreach (var client in owned)
            {
                client.Dispose();
            }
        }
    }
}

/// <summary>What one invocation printed and returned.</summary>
public sealed record CliResult(int ExitCode, string Output, string Error)
{
    public override string ToString() => $"exit {ExitCode}\n--- stdout\n{Output}\n--- stderr\n{Error}";
}
