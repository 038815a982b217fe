using AccBackup.BackupConsole.Hosting;
using AccBackup.Cli;
using AccBackup.Cli.Hosting;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace AccBackup.BackupConsole.Tests;

/// <summary>Three real nights of the emulator's demo account in Azurite, backed up by <c>acc-backup run</c>, and the local
/// console over them: night-1 stores everything; then one file gets a new version and one is added, and night-2 runs while
/// every download breaks (the new version is carried, the added file failed); night-3 runs clean and stores both.</summary>
public sealed class ConsoleFixture : IAsyncLifetime, IDisposable
{
    /// <summary>The collection of the tests that share the three nights.</summary>
    public const string Collection = "console over three nights";

    private EmulatorServer? emulator;
    private BlobContainer? backup;
    private BlobContainer? state;

    /// <summary>The emulator the nights backed up (and the Restore page's restores write into).</summary>
    public EmulatorServer Emulator => emulator!;

    /// <summary>The state container the runs kept their working state in.</summary>
    public BlobContainer State => state!;

    /// <summary>The local console, as <c>acc-backup console</c> starts it (with the APS settings, so its Restore page writes into the emulator).</summary>
    public ConsoleServer Console { get; private set; } = null!;

    /// <summary>The file that got a second version before night-2 (stored by night-3).</summary>
    public TruthFile Changed { get; private set; } = null!;

    /// <summary>The changed file's path as manifests write it: its project's name first.</summary>
    public string ChangedPath => $"{Changed.ProjectName}/{Changed.Path}";

    /// <summary>The account as the emulator serves it after the three nights, hashed: the truth downloads are checked against.</summary>
    public IReadOnlyList<TruthFile> Truth { get; private set; } = [];

    /// <summary>The runs as storage holds them (the same reader <c>acc-backup runs</c> uses).</summary>
    public RunHistory Runs { get; private set; } = null!;

    /// <summary>Reads manifests from the fixture's containers.</summary>
    public ManifestReader Manifests { get; private set; } = null!;

    /// <summary>What each night's <c>acc-backup run</c> printed, for a failing assertion to show.</summary>
    public List<string> RunOutputs { get; } = [];

    public async Task InitializeAsync()
    {
        var ct = CancellationToken.None;
        emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, ct);
        var azurite = await AzuriteServer.GetAsync();
        var container = AzuriteServer.NewContainerName("console");
        var environment = new Dictionary<string, string?>
        {
            ["BackupStorage__ConnectionString"] = azurite.ConnectionString,
            ["BackupStorage__ContainerName"] = container,
            ["Aps__BaseUrl"] = emulator.BaseUrl.ToString(),
            ["Aps__ClientId"] = emulator.ClientId,
            ["Aps__ClientSecret"] = emulator.ClientSecret,
            ["Aps__AccountId"] = emulator.AccountId,
            ["Aps__Quota__Enabled"] = "false",
        };

        var first = await emulator.Truth.GetFilesAsync(TruthHashing.None, ct);
        await RunAsync(environment, "night-1", ct);

        Changed = first.Where(f => f.HasStorage && f.Path.EndsWith(".pdf", StringComparison.Ordinal)).OrderBy(f => f.ItemId, StringComparer.Ordinal).First();
        emulator.Mutations.ChangeFile(Changed.ItemId, 5_555);
        emulator.Mutations.AddFile(Changed.FolderId, "added during the outage.txt", 4_321);
        emulator.Faults = new FaultOptions { Download = new DownloadFaults { ResetRate = 1.0 } };
        await RunAsync(environment, "night-2", ct);
        emulator.Faults = FaultOptions.None;
        await RunAsync(environment, "night-3", ct);
        Truth = await emulator.Truth.GetFilesAsync(TruthHashing.All, ct);

        var options = new BlobStorageOptions { ConnectionString = azurite.ConnectionString, ContainerName = container };
        backup = new BlobContainer(Options.Create(options), NullLogger<BlobContainer>.Instance);
        state = new BlobContainer(Options.Create(new BlobStorageOptions { ConnectionString = azurite.ConnectionString, ContainerName = options.StateContainer }), NullLogger<BlobContainer>.Instance);
        Manifests = new ManifestReader(backup, state);
        Runs = new RunHistory(backup, Manifests);

        var settings = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["BackupStorage:ConnectionString"] = azurite.ConnectionString,
            ["BackupStorage:ContainerName"] = container,
            ["Aps:BaseUrl"] = emulator.BaseUrl.ToString(),
            ["Aps:ClientId"] = emulator.ClientId,
            ["Aps:ClientSecret"] = emulator.ClientSecret,
            ["Aps:AccountId"] = emulator.AccountId,
            ["Aps:Quota:Enabled"] = "false",
        }).Build();
        Console = await ConsoleServer.StartAsync(settings, 0, null, ct);
    }

    public async Task DisposeAsync()
    {
        if (Console is not null)
        {
            await Console.DisposeAsync();
        }

        Dispose();
        if (emulator is not null)
        {
            await emulator.DisposeAsync();
        }
    }

    public void Dispose()
    {
        backup?.Dispose();
        state?.Dispose();
    }

    private async Task RunAsync(Dictionary<string, string?> environment, string runId, CancellationToken cancellationToken)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var tool = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "tool-without-settings")).FullName;
        var context = new CliContext(output, error, interactive: false, environment, tool, TimeProvider.System);
        var exit = await CliApplication.InvokeAsync(["run", "--run-id", runId], context, cancellationToken);
        RunOutputs.Add($"{runId}: exit {exit}\n{output}\n{error}");
        if (exit is not (0 or 2))
        {
            throw new InvalidOperationException($"acc-backup run {runId} failed: exit {exit}\n{output}\n{error}");
        }
    }
}

[CollectionDefinition(ConsoleFixture.Collection)]
public sealed class ConsoleFixtureDefinition : ICollectionFixture<ConsoleFixture>;
