using AccBackup.Durable;
using AccBackup.Durable.Orchestrations;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;
using Microsoft.DurableTask.Testing;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Durable.Tests;

/// <summary>The orchestrations and their real activities on the Durable Task in-process test host, against the APS
/// emulator and Azurite, registered under the names the Function App uses.</summary>
internal sealed class DurableBackupHost : IAsyncDisposable
{
    private DurableBackupHost(EmulatorServer emulator, DurableTaskTestHost host)
    {
        Emulator = emulator;
        Host = host;
    }

    public EmulatorServer Emulator { get; }

    public DurableTaskTestHost Host { get; }

    public DurableTaskClient Client => Host.Client;

    public IServiceProvider Services => Host.Services;

    public ManifestReader Manifests => Services.GetRequiredService<ManifestReader>();

    public BlobContainer Container => Services.GetRequiredService<BlobContainer>();

    /// <summary>The state container: latest pointer, quota budget blobs, each run's working records.</summary>
    public BlobContainer State => Services.GetRequiredKeyedService<BlobContainer>(BlobContainer.StateKey);

    /// <summary>Starts a host; <paramref name="copyActivity"/> replaces the copy activity's class (e.g. one that fails).</summary>
    public static async Task<DurableBackupHost> StartAsync(
        EmulatorOptions emulatorOptions, IDictionary<string, string?>? settings = null, Type? copyActivity = null, Action<IServiceCollection>? services = null)
    {
        var azurite = await AzuriteServer.GetAsync();
        var emulator = await EmulatorServer.StartAsync(emulatorOptions);
        var values = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("durable"), new Dictionary<string, string?> { ["Backup:Schedule"] = "0 0 2 * * *" });
        foreach (var (key, value) in settings ?? new Dictionary<string, string?>())
        {
            values[key] = value;
        }

        var configuration = new ConfigurationBuilder().AddInMemoryCollection(values).Build();
        var host = await StartRetryingAsync(() => DurableTaskTestHost.StartAsync(
            registry => registry.AddBackupTasks(copyActivity),
            new DurableTaskTestHostOptions
            {
                ConfigureServices = s =>
                {
                    s.AddBackupOrchestration(configuration);
                    services?.Invoke(s);
                },
            }));
        return new DurableBackupHost(emulator, host);
    }

    /// <summary>Starts a test host, again on another random port when the one it chose was taken.</summary>
    /// <remarks>The test host picks a random port in 30000–40000, which overlaps Linux's ephemeral ports: under load another
    /// connection sometimes holds it ("address already in use"). Choosing a free port ourselves was worse: hosts then
    /// sometimes shared a port across IPv4 and IPv6 and a worker reached another host's backend.</remarks>
    private static async Task<DurableTaskTestHost> StartRetryingAsync(Func<Task<DurableTaskTestHost>> start)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await start();
            }
            catch (IOException) when (attempt < 5)
            {
                // the port was taken: the next attempt draws another
            }
        }
    }

    /// <summary>The settings the Function App would put into a run's input.</summary>
    public OrchestrationSettings Settings => OrchestrationSettings.From(Services.GetRequiredService<IOptions<Backup.Settings.BackupOptions>>().Value);

    /// <summary>Schedules run <paramref name="runId"/> with <paramref name="input"/> and waits for it to end.</summary>
    public async Task<OrchestrationMetadata> RunAsync(string runId, BackupRunInput input, TimeSpan? timeout = null)
    {
        await Client.ScheduleNewOrchestrationInstanceAsync(BackupRunOrchestrator.Name, input, new StartOrchestrationOptions(runId));
        return await WaitAsync(runId, timeout);
    }

    /// <summary>Waits for run <paramref name="runId"/> to end.</summary>
    public async Task<OrchestrationMetadata> WaitAsync(string runId, TimeSpan? timeout = null)
    {
        using var cancel = new CancellationTokenSource(timeout ?? Testing.TestWaits.Run);
        return await Client.WaitForInstanceCompletionAsync(runId, getInputsAndOutputs: true, cancel.Token);
    }

    /// <summary>Every orchestration instance the host knows: runs and their project sub-orchestrations.</summary>
    public async Task<IReadOnlyList<OrchestrationMetadata>> InstancesAsync()
    {
        var instances = new List<OrchestrationMetadata>();
        await foreach (var instance in Client.GetAllInstancesAsync(new OrchestrationQuery()))
        {
            instances.Add(instance);
        }

        return instances;
    }

    public async ValueTask DisposeAsync()
    {
        await Host.DisposeAsync();
        await Emulator.DisposeAsync();
    }
}
