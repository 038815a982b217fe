using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using AccBackup.Testing;

namespace AccBackup.Bench.Hosting;

/// <summary>An Azurite blob service for one scenario: in memory, or persisted to a temporary folder for accounts of many GB.</summary>
/// <remarks>
/// Started like the tests' <see cref="AzuriteServer"/> (the same pinned package, the same watchdog: it exits when this
/// process is gone, SIGKILL included), but in-memory extents are capped at half the machine's memory, and the full-size
/// accounts hold more; on disk it keeps only metadata in memory. The folder is deleted when the instance is disposed.
/// </remarks>
internal sealed class BenchAzurite : IAsyncDisposable
{
    private readonly Process process;
    private readonly string? folder;

    private BenchAzurite(Process process, int port, string? folder)
    {
        this.process = process;
        this.folder = folder;
        Port = port;
    }

    /// <summary>The blob endpoint's port on 127.0.0.1.</summary>
    public int Port { get; }

    /// <summary>Where blobs are kept: "in memory" or the folder.</summary>
    public string Storage => folder is null ? "in memory" : "on disk (temporary folder)";

    /// <summary>A connection string in the form the app's settings accept.</summary>
    public string ConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName={AzuriteServer.AccountName};AccountKey={AzuriteServer.AccountKey};BlobEndpoint={BlobEndpoint};";

    private Uri BlobEndpoint => new($"http://127.0.0.1:{Port}/{AzuriteServer.AccountName}");

    /// <summary>Starts an instance on a free loopback port and waits until it answers.</summary>
    public static async Task<BenchAzurite> StartAsync(bool onDisk, CancellationToken cancellationToken)
    {
        var port = FreePort();
        var start = AzuriteServer.StartInfo(port);
        string? folder = null;
        if (onDisk)
        {
            folder = Directory.CreateTempSubdirectory("acc-bench-azurite-").FullName;
            var index = start.ArgumentList.IndexOf("--inMemoryPersistence");
            start.ArgumentList[index] = "--location";
            start.ArgumentList.Insert(index + 1, folder);
        }

        var process = Process.Start(start) ?? throw new InvalidOperationException("Azurite did not start.");
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var azurite = new BenchAzurite(process, port, folder);
        AppDomain.CurrentDomain.ProcessExit += (_, _) => azurite.Kill();
        try
        {
            await azurite.WaitUntilAnsweringAsync(cancellationToken);
        }
        catch
        {
            await azurite.DisposeAsync();
            throw;
        }

        return azurite;
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync()
    {
        Kill();
        process.Dispose();
        if (folder is not null)
        {
            try
            {
                Directory.Delete(folder, recursive: true);
            }
            catch (IOException)
            {
                // Left for the OS's temp cleanup; the run's figures don't depend on it.
            }
        }

        return ValueTask.CompletedTask;
    }

    private void Kill()
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
                process.WaitForExit(5000);
            }
        }
        catch (Exception e) when (e is InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            // Already gone.
        }
    }

    private async Task WaitUntilAnsweringAsync(CancellationToken cancellationToken)
    {
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(2) };
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            if (process.HasExited)
            {
                throw new InvalidOperationException($"Azurite exited at start with code {process.ExitCode}.");
            }

            try
            {
                // Any HTTP answer (400 or 403 to an unsigned request) means it is listening.
                using var response = await http.GetAsync(BlobEndpoint, cancellationToken);
                return;
            }
            catch (HttpRequestException)
            {
            }
            catch (TaskCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
            }

            await Task.Delay(100, cancellationToken);
        }

        throw new TimeoutException($"Azurite did not answer on port {Port} within 30 s.");
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
