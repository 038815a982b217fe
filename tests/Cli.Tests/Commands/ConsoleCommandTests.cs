using System.Net;
using System.Net.Sockets;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>acc-backup console</c>: the local console on 127.0.0.1 over the configured storage, until cancelled.</summary>
public sealed class ConsoleCommandTests
{
    [Fact]
    public async Task Console_GivenAPort_ServesTheNightsOnLoopbackUntilCancelled()
    {
        var environment = await CliHarness.StorageEnvironmentAsync();
        using (var container = CliHarness.ContainerFor(environment))
        {
            await container.CreateIfNotExistsAsync(CancellationToken.None);
        }

        var port = FreePort();
        using var stop = new CancellationTokenSource(TimeSpan.FromMinutes(5));
        using var output = new StringWriter();
        using var error = new StringWriter();
        var context = new AccBackup.Cli.Hosting.CliContext(output, error, interactive: false, environment, AppContext.BaseDirectory, TimeProvider.System);
        var serving = CliApplication.InvokeAsync(["console", "--port", port.ToString(System.Globalization.CultureInfo.InvariantCulture)], context, stop.Token);

        using var http = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}/") };
        string? nights = null;
        for (var attempt = 0; attempt < 600 && nights is null && !serving.IsCompleted; attempt++)
        {
            try
            {
                nights = await http.GetStringAsync("data/nights");
            }
            catch (HttpRequestException)
            {
                await Task.Delay(100);
            }
        }

        await stop.CancelAsync();
        var exit = await serving;

        Assert.Equal("""{"nights":[]}""", nights);
        Assert.Equal(ExitCodes.Success, exit);
        Assert.Contains($"Backup console: http://127.0.0.1:{port}/", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Console_WithoutStorageSettings_FailsNamingTheSetting()
    {
        var result = await CliHarness.InvokeAsync(new Dictionary<string, string?>(), "console");

        Assert.Equal(ExitCodes.Fatal, result.ExitCode);
        Assert.Contains("BackupStorage:", result.Error, StringComparison.Ordinal);
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
