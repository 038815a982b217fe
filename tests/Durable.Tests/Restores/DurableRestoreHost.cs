using AccBackup.AccRestore;
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
/// backed up, then restores run as the Function App runs them. The host can be stopped and started again on the same storage and
/// emulator, as a Function App's worker is after a crash or a deployment.</summary>
internal sealed class DurableRestoreHost : IAsyncDisposable
{
    private readonly IConfiguration configuration;

    private DurableRestoreHost(EmulatorServer emulator, IConfiguration configuration, DurableTaskTestHost host)
    {
        Emulator = emulator;
        this.configuration = configuration;
        Host = host;
    }

    public EmulatorServer Emulator { get; }

    public DurableTaskTestHost Host { get; private set; }

    public DurableTaskClient Client => Host.Client;

    /// <summary>The night's visible files with bytes.</summary>
    public IReadOnlyList<TruthFile> Night { get; private set; } = [];

    /// <summary>Starts the emulator (changed by <paramref name="before"/>) and a host with <paramref name="settings"/> over the test's own container.</summary>
    public static async Task<DurableRestoreHost> StartAsync(IDictionary<string, string?>? settings = null, Func<EmulatorServer, Task>? before = null)
    {
        var azurite = await AzuriteServer.GetAsync();
        var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = AccEmulator.Quotas.QuotaOptions.Disabled });
        if (before is not null)
        {
            await before(emulator);
        }

        var values = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("restore"), new Dictionary<string, string?> { ["Backup:Schedule"] = "0 0 2 * * *" });
        foreach (var (key, value) in settings ?? new Dictionary<string, string?>())
        {
            values[key] = value;
        }

        var configuration = new ConfigurationBuilder().AddInMemoryCollection(values).Build();
        return new DurableRestoreHost(emulator, configuration, await StartHostAsync(configuration));
    }

    /// <summary>Stops the host at once (its activities' work cancelled mid-way, as when the worker's process ends) and starts a new
    /// one over the same storage and emulator; the test host keeps no instance across, as a worker that lost its task hub would not.</summary>
    public async Task RestartAsync()
    {
        await Host.DisposeAsync();
        Host = await StartHostAsync(configuration);
    }

    /// <summary>Backs the account up as run <paramref name="runId"/> and keeps its visible files as <see cref="Night"/>.</summary>
    public async Task BackUpAsync(string runId)
    {
        var settings = OrchestrationSettings.From(Host.Services.GetRequiredService<IOptions<Backup.Settings.BackupOptions>>().Value);
        await Client.ScheduleNewOrchestrationInstanceAsync(BackupRunOrchestrator.Name, new BackupRunInput(new Runs.BackupRunRequest(), settings), new StartOrchestrationOptions(runId));
        var run = await WaitAsync(runId);
        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        Night = await LiveAsync();
    }

    public async Task<IReadOnlyList<TruthFile>> LiveAsync() =>
        [.. (await Emulator.Truth.GetFilesAsync(TruthHashing.All)).Where(f => f.HasStorage && !f.Hidden)];

    /// <summary>Starts the restore through <see cref="RestoreStarter"/> and waits for it to end.</summary>
    public async Task<(OrchestrationMetadata Instance, AccRestoreOutcome Outcome)> RestoreAsync(AccRestoreRequest request, AccRestoreInput? input = null)
    {
        await StartRestoreAsync(request, input);
        var instance = await WaitAsync(request.RestoreId);
        Assert.Equal(OrchestrationRuntimeStatus.Completed, instance.RuntimeStatus);
        return (instance, instance.ReadOutputAs<AccRestoreOutcome>()!);
    }

    /// <summary>Starts the restore through <see cref="RestoreStarter"/> (20 files a batch unless <paramref name="input"/> says otherwise).</summary>
    public async Task StartRestoreAsync(AccRestoreRequest request, AccRestoreInput? input = null)
    {
        var started = await RestoreStarter.StartAsync(Client, (input ?? new AccRestoreInput(request, FilesPerBatch: 20)) with { Request = request }, CancellationToken.None);
        Assert.Equal(RestoreStartOutcome.Started, started.Outcome);
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

    private static async Task<DurableTaskTestHost> StartHostAsync(IConfiguration configuration)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await DurableTaskTestHost.StartAsync(
                    registry => registry.AddBackupTasks().AddRestoreTasks(),
                    new DurableTaskTestHostOptions
                    {
                        ConfigureServices = s => s.AddBackupOrchestration(configuration).AddAccRestore(configuration),
                    });
            }
            catch (IOException) when (attempt < 5)
            {
                // the random port was taken: another draw
            }
        }
    }
}
