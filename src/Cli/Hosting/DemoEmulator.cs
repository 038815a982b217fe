using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Cli.Hosting;

/// <summary>The APS emulator with the <c>demo</c> account, started in this process for <c>run --demo</c> on a free loopback port.</summary>
internal sealed class DemoEmulator : IAsyncDisposable
{
    private readonly EmulatorServer server;

    private DemoEmulator(EmulatorServer server, int files)
    {
        this.server = server;
        Files = files;
    }

    /// <summary>The emulator's address.</summary>
    public Uri BaseUrl => server.BaseUrl;

    /// <summary>Files in the demo account.</summary>
    public int Files { get; }

    /// <summary>The Aps settings that point the backup at the emulator (they override any configured Aps connection).</summary>
    public IEnumerable<KeyValuePair<string, string?>> Settings =>
    [
        new("Aps:BaseUrl", server.BaseUrl.ToString()),
        new("Aps:ClientId", server.ClientId),
        new("Aps:ClientSecret", server.ClientSecret),
        new("Aps:AccountId", server.AccountId),
    ];

    /// <summary>Starts the emulator (the same seed always gives the same account, so runs are comparable).</summary>
    public static async Task<DemoEmulator> StartAsync(CancellationToken cancellationToken)
    {
        var server = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo }, cancellationToken).ConfigureAwait(false);
        try
        {
            var files = await server.Truth.GetFilesAsync(TruthHashing.None, cancellationToken).ConfigureAwait(false);
            return new DemoEmulator(server, files.Count);
        }
        catch
        {
            await server.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync() => server.DisposeAsync();
}
