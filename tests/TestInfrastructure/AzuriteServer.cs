using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace AccBackup.Testing;

/// <summary>One Azurite blob service per test process, on free loopback ports, in memory, stopped on exit.</summary>
/// <remarks>
/// Started from the repo's pinned npm package (node_modules/.bin/azurite-blob, installed by <c>npm ci</c>).
/// Each test process gets its own instance, so a stray Azurite on the default ports cannot interfere.
/// </remarks>
public sealed class AzuriteServer : IAsyncDisposable
{
    /// <summary>The well-known development account Azurite always accepts.</summary>
    public const string AccountName = "devstoreaccount1";

    /// <summary>The well-known development key (public, documented by Microsoft; not a secret).</summary>
    public const string AccountKey = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private static readonly SemaphoreSlim StartLock = new(1, 1);
    private static AzuriteServer? shared;

    private readonly Process process;

    private AzuriteServer(Process process, int port)
    {
        this.process = process;
        Port = port;
    }

    /// <summary>The blob endpoint's port on 127.0.0.1.</summary>
    public int Port { get; }

    /// <summary>Path-style blob endpoint, e.g. http://127.0.0.1:PORT/devstoreaccount1.</summary>
    public Uri BlobEndpoint => new($"http://127.0.0.1:{Port}/{AccountName}");

    /// <summary>A connection string in the form the app's settings accept.</summary>
    public string ConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName={AccountName};AccountKey={AccountKey};BlobEndpoint={BlobEndpoint};";

    /// <summary>The process-wide instance, started on first use.</summary>
    public static async Task<AzuriteServer> GetAsync()
    {
        await StartLock.WaitAsync().ConfigureAwait(false);
        try
        {
            if (shared is null)
            {
                shared = await StartAsync(CancellationToken.None).ConfigureAwait(false);
                AppDomain.CurrentDomain.ProcessExit += (_, _) => shared.Kill();
            }

            return shared;
        }
        finally
        {
            StartLock.Release();
        }
    }

    /// <summary>Starts a new instance and waits until it answers.</summary>
    public static async Task<AzuriteServer> StartAsync(CancellationToken cancellationToken)
    {
        var executable = Path.Combine(RepoPaths.Root, "node_modules", ".bin", "azurite-blob");
        if (!File.Exists(executable))
        {
            throw new InvalidOperationException(
                $"Azurite is not installed at {executable}. Run 'npm ci' in the repository root (scripts/test.sh does).");
        }

        var port = FreePort();
        var start = new ProcessStartInfo(executable)
        {
            ArgumentList =
            {
                "--blobHost", "127.0.0.1", "--blobPort", port.ToString(System.Globalization.CultureInfo.InvariantCulture),
                "--inMemoryPersistence", "--skipApiVersionCheck", "--silent", "--loose",
            },
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        var process = Process.Start(start) ?? throw new InvalidOperationException("Azurite did not start.");
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        var server = new AzuriteServer(process, port);
        await server.WaitUntilAnsweringAsync(TimeSpan.FromSeconds(30), cancellationToken).ConfigureAwait(false);
        return server;
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync()
    {
        Kill();
        process.Dispose();
        return ValueTask.CompletedTask;
    }

    private void Kill()
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
    }

    private async Task WaitUntilAnsweringAsync(TimeSpan limit, CancellationToken cancellationToken)
    {
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(2) };
        var deadline = Stopwatch.StartNew();
        while (deadline.Elapsed < limit)
        {
            if (process.HasExited)
            {
                throw new InvalidOperationException($"Azurite exited at start with code {process.ExitCode}.");
            }

            try
            {
                // Any HTTP answer (Azurite says 400 or 403 to an unsigned request) means it is listening.
                using var response = await http.GetAsync(BlobEndpoint, cancellationToken).ConfigureAwait(false);
                return;
            }
            catch (HttpRequestException)
            {
            }
            catch (TaskCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
            }

            await Task.Delay(100, cancellationToken).ConfigureAwait(false);
        }

        Kill();
        throw new TimeoutException($"Azurite did not answer on port {Port} within {limit.TotalSeconds} s.");
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
