using AccBackup.Manifest;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>One <c>run --demo</c> into a fresh container, shared by the tests that check what it stored.</summary>
public sealed class DemoRunFixture : IAsyncLifetime
{
    public Dictionary<string, string?> Environment { get; private set; } = [];

    public CliResult Run { get; private set; } = null!;

    public RunManifest Manifest { get; private set; } = null!;

    /// <summary>The demo account's files as the emulator serves them (same seed as <c>--demo</c>, so the same account).</summary>
    public IReadOnlyList<TruthFile> Truth { get; private set; } = [];

    public async Task InitializeAsync()
    {
        Environment = await CliHarness.StorageEnvironmentAsync();
        Run = await CliHarness.InvokeAsync(Environment, "run", "--demo");
        var (reader, clients) = CliHarness.ReaderFor(Environment);
        using (clients)
        {
            Manifest = await reader.ReadAsync("latest", CancellationToken.None);
        }

        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo });
        Truth = await emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
    }

    public Task DisposeAsync() => Task.CompletedTask;
}
