using System.Diagnostics;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>Runs the built <c>acc-backup</c> as a separate process (its own APS client, quota limiter and connections).</summary>
internal static class CliProcess
{
    private static readonly string Tool = Path.Combine(AppContext.BaseDirectory, "acc-backup.dll");

    /// <summary>Starts <c>dotnet acc-backup.dll</c> with <paramref name="args"/>; the environment adds to (and overrides) the test's.</summary>
    public static async Task<CliResult> RunAsync(IReadOnlyDictionary<string, string?> environment, TimeSpan timeout, params string[] args)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = Path.GetTempPath(),
        };
        start.ArgumentList.Add("exec");
        start.ArgumentList.Add(Tool);
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException("dotnet did not start.");
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var cancellation = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(cancellation.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"acc-backup {string.Join(' ', args)} did not finish within {timeout}.");
        }

        return new CliResult(process.ExitCode, await output, await error);
    }
}
