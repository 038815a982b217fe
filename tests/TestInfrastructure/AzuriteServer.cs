using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Runtime.Loader;

namespace AccBackup.Testing;

/// <summary>One Azurite blob service per test process, on free loopback ports, in memory, gone when the process is.</summary>
/// <remarks>
/// Started from the repo's pinned npm package (node_modules/azurite, installed by <c>npm ci</c>). Each test process gets its
/// own instance, so a stray Azurite on the default ports cannot interfere. It must never outlive the test process, which
/// the test runner may kill without running any exit handler: node preloads <c>azurite-watchdog.cjs</c>, which exits
/// Azurite within half a second of its parent's end; the exit hooks here stop it sooner when they do run.
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

    /// <summary>The Azurite process id.</summary>
    public int ProcessId => process.Id;

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
            shared ??= await StartAsync(CancellationToken.None).ConfigureAwait(false);
            return shared;
        }
        finally
        {
            StartLock.Release();
        }
    }

    /// <summary>A container name no other test uses: <paramref name="prefix"/>, a dash and 16 random hex digits.</summary>
    public static string NewContainerName(string prefix) => prefix + "-" + Guid.NewGuid().ToString("N")[..16];

    /// <summary>Starts a new instance, stopped when this process exits, and waits until it answers.</summary>
    public static async Task<AzuriteServer> StartAsync(CancellationToken cancellationToken)
    {
        var port = FreePort();
        var process = Process.Start(StartInfo(port)) ?? throw new InvalidOperationException("Azurite did not start.");
        var server = new AzuriteServer(process, port);
        AppDomain.CurrentDomain.ProcessExit += (_, _) => server.Kill();
        AssemblyLoadContext.Default.Unloading += _ => server.Kill();
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        await server.WaitUntilAnsweringAsync(TestWaits.ProcessStart, cancellationToken).ConfigureAwait(false);
        return server;
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync()
    {
        Kill();
        process.Dispose();
        return ValueTask.CompletedTask;
    }

    /// <summary>node, with the watchdog preloaded, running the pinned Azurite's blob service in memory on <paramref name="port"/>.</summary>
    public static ProcessStartInfo StartInfo(int port)
    {
        var bin = Path.Combine(RepoPaths.Root, "node_modules", ".bin", "azurite-blob");
        var main = File.Exists(bin) ? new FileInfo(bin).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? bin : null;
        if (main is null)
        {
            throw new InvalidOperationException(
                $"Azurite is not installed at {bin}. Run 'npm ci' in the repository root (scripts/test.sh does).");
        }

        var start = new ProcessStartInfo("node")
        {
            ArgumentList =
            {
                "--require", Path.Combine(RepoPaths.Root, "tests", "TestInfrastructure", "azurite-watchdog.cjs"), main,
                "--blobHost", "127.0.0.1", "--blobPort", port.ToString(System.Globalization.CultureInfo.InvariantCulture),
                "--inMemoryPersistence", "--skipApiVersionCheck", "--silent", "--loose",
            },
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.Environment["ACC_BACKUP_AZURITE_PARENT_PID"] = Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture);
        return start;
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
        catch (Exception e) when (e is InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            // Already gone, or never started.
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
