using System.Security.Cryptography;
using AccBackup.Issues;
using AccBackup.Modules;
using AccBackup.Runs;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Auth;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules;

/// <summary>The module export wired through its real DI registration to an in-process emulator (with a registered service
/// account, invited to <paramref name="invitedProjects"/> or every project) and a fresh Azurite container.</summary>
internal sealed class ModulesHost : IAsyncDisposable
{
    public const string ServiceAccountId = "SSA-BACKUP-1";
    public const string KeyId = "key-1";

    private ModulesHost(EmulatorServer emulator, ServiceProvider services, RSA key)
    {
        Emulator = emulator;
        Services = services;
        Key = key;
    }

    public EmulatorServer Emulator { get; }

    public ServiceProvider Services { get; }

    public RSA Key { get; }

    public BlobContainer Container => Services.GetRequiredService<BlobContainer>();

    /// <summary>Starts the emulator and the services; <paramref name="settings"/> go over the defaults (null removes one);
    /// <paramref name="configure"/> registers first (a <see cref="TimeProvider"/> of the test's, say).</summary>
    public static async Task<ModulesHost> StartAsync(EmulatorOptions? emulatorOptions = null, IDictionary<string, string?>? settings = null, Action<IServiceCollection>? configure = null)
    {
        var azurite = await AzuriteServer.GetAsync();
        var emulator = await EmulatorServer.StartAsync(emulatorOptions ?? new EmulatorOptions());
        var key = RSA.Create(2048);
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, key.ExportSubjectPublicKeyInfoPem()));
        var values = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("modules"), new Dictionary<string, string?>
            {
                ["Issues:ServiceAccountId"] = ServiceAccountId,
                ["Issues:KeyId"] = KeyId,
                ["Issues:PrivateKey"] = key.ExportRSAPrivateKeyPem(),
            });
        foreach (var (name, value) in settings ?? new Dictionary<string, string?>())
        {
            values[name] = value;
        }

        var services = new ServiceCollection();
        services.AddLogging();
        configure?.Invoke(services);
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(values).Build();
        services.AddBackupRuns(configuration);
        services.AddModuleExport(configuration);
        var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true });
        await provider.GetRequiredService<BlobContainer>().CreateIfNotExistsAsync(CancellationToken.None);
        return new ModulesHost(emulator, provider, key);
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
        Key.Dispose();
    }
}
