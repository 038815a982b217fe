using AccBackup.Runs;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules;

/// <summary>The exports of a project's record (issues and every other module) wired through the run's real DI registration to an
/// in-process emulator, with a service account registered for every project, and a fresh Azurite container.</summary>
internal sealed class ModulesHost : IAsyncDisposable
{
    public const string ServiceAccountId = "SSA-BACKUP-1";
    public const string KeyId = "key-1";

    private readonly TestServiceAccount account;

    private ModulesHost(EmulatorServer emulator, ServiceProvider services, TestServiceAccount account)
    {
        Emulator = emulator;
        Services = services;
        this.account = account;
    }

    public EmulatorServer Emulator { get; }

    public ServiceProvider Services { get; }

    public BlobContainer Container => Services.GetRequiredService<BlobContainer>();

    /// <summary>Starts the emulator and the services; <paramref name="settings"/> go over the defaults (null removes one);
    /// <paramref name="configure"/> registers first (a <see cref="TimeProvider"/> of the test's, say).</summary>
    public static async Task<ModulesHost> StartAsync(EmulatorOptions? emulatorOptions = null, IDictionary<string, string?>? settings = null, Action<IServiceCollection>? configure = null)
    {
        var azurite = await AzuriteServer.GetAsync();
        var emulator = await EmulatorServer.StartAsync(emulatorOptions ?? new EmulatorOptions());
        var account = new TestServiceAccount(ServiceAccountId, KeyId);
        account.RegisterWith(emulator);
        var values = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("modules"), account.Settings());
        foreach (var (name, value) in settings ?? new Dictionary<string, string?>())
        {
            values[name] = value;
        }

        var services = new ServiceCollection();
        services.AddLogging();
        configure?.Invoke(services);
        // The run's registration adds the issue export and every module's.
        services.AddBackupRuns(new ConfigurationBuilder().AddInMemoryCollection(values).Build());
        var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });
        await provider.GetRequiredService<BlobContainer>().CreateIfNotExistsAsync(CancellationToken.None);
        return new ModulesHost(emulator, provider, account);
    }

    /// <summary>The Data Management id (<c>b.…</c>) of the account's project at <paramref name="index"/>.</summary>
    public string ProjectId(int index)
    {
        using var truth = Emulator.SheetTruth.Get();
        return "b." + truth.RootElement.GetProperty("projects")[index].GetProperty("projectId").GetString();
    }

    public async ValueTask DisposeAsync()
    {
        await Services.DisposeAsync();
        await Emulator.DisposeAsync();
        account.Dispose();
    }
}
