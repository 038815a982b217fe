using AccBackup.Durable.Orchestrations;
using AccBackup.Durable.Restores;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;
using Microsoft.DurableTask.Testing;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Durable.Tests.Restores;

/// <summary>The backup's and the restore's orchestrations on the in-process test host, against the emulator and Azurite: a night is
/// backed up, then restores run as the Function App runs them.</summary>
internal sealed class DurableRestoreHost : IAsyncDisposable
{
    private DurableRestoreHost(EmulatorServer emulator, DurableTaskTestHost host)
    {
        Emulator = emulator;
        Host = host;
    }

    public EmulatorServer Emulator { get; }

    public DurableTaskTestHost Host { get; }

    public DurableTaskClient Client => Host.Client;

    /// <summary>The night's visible files with bytes.</summary>
    public IReadOnlyList<TruthFile> Night { get; private set; } = [];

    public static async Task<DurableRestoreHost> StartAsync()
    {
        var azurite = await AzuriteServer.GetAsync();
        var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = AccEmulator.Quotas.QuotaOptions.Disabled });
        var values = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("restore"), new Dictionary<string, string?> { ["Backup:Schedule"] = "0 0 2 * * *" });
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(values).Build();
        DurableTaskTestHost? host = null;
        for (var attempt = 1; host is null; attempt++)
        {
            try
            {
                host = await DurableTaskTestHost.StartAsync(
                    registry => registry.AddBackupTasks().AddRestoreTasks(),
                    new DurableTaskTestHostOptions
                    {
                        ConfigureServices = s => s.AddBackupOrchestration(configuration).AddAccRestoreOrchestration(configuration),
                    });
            }
            catch (IOException) when (attempt < 5)
            {
                // the random port was taken: another draw
            }
        }

        return new DurableRestoreHost(emulator, host);
    }

    /// <summary>Backs the account up as run <paramref name="runId"/> and keeps its visible files as <see cref="Night"/>.</summary>
    public async Task BackUpAsync(string runId)
    {
        var settings = OrchestrationSettings.From(Host.Services.GetRequiredService<IOptions<Backup.Settings.BackupOptions>>().Value);
        await Client.ScheduleNewOrchestrationInstanceAsync(AccBackup.Durable.Orchestrations.BackupRunOrchestrator.Name, new BackupRunInput(new Runs.BackupRunRequest(), settings), new StartOrchestrationOptions(runId));
        var run = await WaitAsync(runId);
        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        Night = await LiveAsync();
    }

    public async Task<IReadOnlyList<TruthFile>> LiveAsync() =>
        [.. (await Emulator.Truth.GetFilesAsync(TruthHashing.All)).Where(f => f.HasStorage && !f.Hidden)];

    /// <summary>Starts the restore through <see cref="RestoreStarter"/> and waits for it to end.</summary>
    public async Task<(OrchestrationMetadata Instance, AccRestoreOutcome Outcome)> RestoreAsync(AccBackup.AccRestore.AccRestoreRequest request)
    {
        var started = await RestoreStarter.StartAsync(Client, new AccRestoreInput(request, FilesPerBatch: 20), CancellationToken.None);
        Assert.Equal(RestoreStartOutcome.Started, started.Outcome);
        var instance = await WaitAsync(request.RestoreId);
        Assert.Equal(OrchestrationRuntimeStatus.Completed, instance.RuntimeStatus);
        return (instance, instance.ReadOutputAs<AccRestoreOutcome>()!);
    }

    public async Task<OrchestrationMetadata> WaitAsync(string instanceId)
    {
        using var cancel = new CancellationTokenSource(Testing.TestWaits.Run);
        return await Client.WaitForInstanceCompletionAsync(instanceId, getInputsAndOutputs: true, cancel.Token);
    }

    public async ValueTask DisposeAsync()
    {
        await Host.DisposeAsync();
        await Emulator.DisposeAsync();
    }
}
