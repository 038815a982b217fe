using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>An APS base URL nothing answers on stops <c>run</c> within seconds, saying which setting and why, without --verbose.</summary>
public sealed class UnreachableApsTests
{
    [Fact]
    public async Task Run_BaseUrlOnClosedPort_ExitsOneWithinSecondsNamingTheSettingAndCause()
    {
        var baseUrl = $"http://127.0.0.1:{ClosedPort()}/";
        var environment = await CliHarness.StorageEnvironmentAsync();
        environment["Aps__BaseUrl"] = baseUrl;
        environment["Aps__ClientId"] = "id";
        environment["Aps__ClientSecret"] = "secret";
        environment["Aps__AccountId"] = Guid.NewGuid().ToString();
        var clock = Stopwatch.StartNew();

        var run = CliHarness.InvokeAsync(environment, "run");
        var finished = await Task.WhenAny(run, Task.Delay(TimeSpan.FromSeconds(20))) == run;

        Assert.True(finished, $"run still going after {clock.Elapsed.TotalSeconds:F0} s against a closed port");
        var result = await run;
        Assert.Equal(1, result.ExitCode);
        Assert.Contains($"APS is unreachable at Aps:BaseUrl = {baseUrl} (connection refused)", result.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", result.Error, StringComparison.Ordinal);
    }

    private static int ClosedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
