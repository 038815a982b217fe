using System.Text.Json;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>An emulated account backed up once ("night-1"), and what restore tests do to it and ask of it.</summary>
internal sealed class AccRestoreScenario : IAsyncDisposable
{
    public const string Project = "Demo Tower";

    private AccRestoreScenario(EmulatorServer emulator, Dictionary<string, string?> environment)
    {
        Emulator = emulator;
        Environment = environment;
    }

    public EmulatorServer Emulator { get; }

    public Dictionary<string, string?> Environment { get; }

    /// <summary>The night's files of every project (visible, with bytes), as the emulator's truth had them.</summary>
    public IReadOnlyList<TruthFile> Night { get; private set; } = [];

    /// <summary>Starts the emulator, lets <paramref name="before"/> change the account, and backs it up as night-1.</summary>
    public static async Task<AccRestoreScenario> BackedUpAsync(Func<EmulatorServer, Task>? before = null)
    {
        var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var scenario = new AccRestoreScenario(emulator, await CliHarness.EmulatorEnvironmentAsync(emulator));
        if (before is not null)
        {
            await before(emulator);
        }

        var run = await CliHarness.InvokeAsync(scenario.Environment, "run", "--run-id", "night-1", "--json");
        Assert.True(run.ExitCode == 0, run.ToString());
        scenario.Night = await scenario.LiveAsync();
        return scenario;
    }

    /// <summary>The account's visible files with bytes now.</summary>
    public async Task<IReadOnlyList<TruthFile>> LiveAsync() =>
        [.. (await Emulator.Truth.GetFilesAsync(TruthHashing.All)).Where(f => f.HasStorage && !f.Hidden)];

    /// <summary>The folder at <paramref name="path"/> ("Top/Sub") of <paramref name="project"/>, found through a file below it.</summary>
    public string FolderId(string project, string path) =>
        Night.First(f => f.ProjectName == project && string.Join('/', f.FolderSegments) == path).FolderId;

    /// <summary>Deletes a folder as ACC's UI does (<see cref="EmulatorFolders.HideAsync"/>).</summary>
    public Task HideFolderAsync(string projectId, string folderId) => EmulatorFolders.HideAsync(Emulator, projectId, folderId);

    /// <summary>Runs <c>restore</c> with <paramref name="args"/> and <c>--json</c>; the result's JSON.</summary>
    public async Task<(int ExitCode, JsonDocument? Json, string Text)> RestoreAsync(params string[] args)
    {
        var result = await CliHarness.InvokeAsync(Environment, ["restore", .. args, "--json"]);
        JsonDocument? json = null;
        try
        {
            json = JsonDocument.Parse(result.Output);
        }
        catch (JsonException)
        {
        }

        return (result.ExitCode, json, result.ToString());
    }

    public async ValueTask DisposeAsync() => await Emulator.DisposeAsync();
}
