using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using AccBackup.Testing;

namespace AccBackup.Tests.TestInfrastructure;

/// <summary>The Azurite the tests start never outlives the process that started it, however that process ends.</summary>
public sealed class AzuriteServerTests
{
    [Fact]
    public async Task StartInfo_StarterKilledWithSigkill_AzuriteExitsWithinSeconds()
    {
        // A shell stands in for a test host: it starts Azurite exactly as AzuriteServer does, then is SIGKILLed,
        // which runs no exit handler at all (as when the test runner kills its test host).
        var port = FreePort();
        var azurite = AzuriteServer.StartInfo(port);
        var command = string.Join(' ', new[] { azurite.FileName }.Concat(azurite.ArgumentList).Select(Quote));
        var starter = new ProcessStartInfo("sh") { ArgumentList = { "-c", $"export ACC_BACKUP_AZURITE_PARENT_PID=$$; {command} >/dev/null 2>&1 & echo $!; wait" }, RedirectStandardOutput = true };
        using var shell = Process.Start(starter)!;
        var pid = int.Parse((await shell.StandardOutput.ReadLineAsync())!, CultureInfo.InvariantCulture);
        try
        {
            Assert.True(await AnswersWithinAsync(port, TestWaits.ProcessStart), "Azurite never answered");

            shell.Kill();
            await shell.WaitForExitAsync();
            var gone = await GoneWithinAsync(pid, TestWaits.Signal);

            Assert.True(gone, $"Azurite (pid {pid}) still running 5 s after its starter was killed");
        }
        finally
        {
            KillIfStillAzurite(pid, port);
        }
    }

    private static async Task<bool> AnswersWithinAsync(int port, TimeSpan limit)
    {
        for (var clock = Stopwatch.StartNew(); clock.Elapsed < limit; await Task.Delay(100))
        {
            try
            {
                using var client = new TcpClient();
                await client.ConnectAsync(IPAddress.Loopback, port);
                return true;
            }
            catch (SocketException)
            {
            }
        }

        return false;
    }

    private static async Task<bool> GoneWithinAsync(int pid, TimeSpan limit)
    {
        for (var clock = Stopwatch.StartNew(); clock.Elapsed < limit; await Task.Delay(100))
        {
            if (!Running(pid))
            {
                return true;
            }
        }

        return false;
    }

    // A zombie (exited, not yet reaped by whoever adopted it) is gone for this purpose.
    private static bool Running(int pid)
    {
        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            return stat[(stat.LastIndexOf(')') + 2)..][0] != 'Z';
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    // Only while the pid still names this test's Azurite (its command line holds the port), never a reused pid.
    private static void KillIfStillAzurite(int pid, int port)
    {
        try
        {
            if (!File.ReadAllText($"/proc/{pid}/cmdline").Contains(port.ToString(CultureInfo.InvariantCulture), StringComparison.Ordinal))
            {
                return;
            }

            using var process = Process.GetProcessById(pid);
            process.Kill();
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException or IOException)
        {
        }
    }

    private static string Quote(string argument) => "'" + argument.Replace("'", "'\\''", StringComparison.Ordinal) + "'";

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
