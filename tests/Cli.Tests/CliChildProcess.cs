using System.Diagnostics;
using System.Text;

namespace AccBackup.Cli.Tests;

/// <summary>The built tool (acc-backup.dll beside the tests) as a child process: what a scheduler starts, and can kill hard.</summary>
/// <remarks>Disposing it kills the process if it is still running, so a failed test leaves nothing behind.</remarks>
internal sealed class CliChildProcess : IDisposable
{
    private readonly Process process;
    private readonly StringBuilder output = new();
    private readonly StringBuilder error = new();

    private CliChildProcess(Process process) => this.process = process;

    /// <summary>Whether the process has ended.</summary>
    public bool HasExited => process.HasExited;

    /// <summary>Starts <c>dotnet acc-backup.dll</c> with <paramref name="args"/>; only <paramref name="environment"/> adds settings.</summary>
    public static CliChildProcess Start(IReadOnlyDictionary<string, string?> environment, params string[] args)
    {
        // The dotnet host that runs the tests (set by the SDK), so the child uses the same runtime.
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = AppContext.BaseDirectory,
        };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "acc-backup.dll"));
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        var process = Process.Start(start) ?? throw new InvalidOperationException("acc-backup did not start.");
        var cli = new CliChildProcess(process);
        process.OutputDataReceived += (_, e) => cli.Append(cli.output, e.Data);
        process.ErrorDataReceived += (_, e) => cli.Append(cli.error, e.Data);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return cli;
    }

    /// <summary>Starts the tool and waits for it to end.</summary>
    public static async Task<CliResult> RunAsync(IReadOnlyDictionary<string, string?> environment, CancellationToken cancellationToken, params string[] args)
    {
        using var cli = Start(environment, args);
        return await cli.WaitAsync(cancellationToken);
    }

    /// <summary>Waits for the end; what it printed and returned.</summary>
    public async Task<CliResult> WaitAsync(CancellationToken cancellationToken)
    {
        await process.WaitForExitAsync(cancellationToken);
        lock (output)
        {
            return new CliResult(process.ExitCode, output.ToString(), error.ToString());
        }
    }

    /// <summary>Kills the process at once, without letting it clean up (SIGKILL on Linux), and waits until it is gone.</summary>
    public async Task KillAsync(CancellationToken cancellationToken)
    {
        process.Kill(entireProcessTree: true);
        await process.WaitForExitAsync(cancellationToken);
    }

    /// <inheritdoc />
    public void Dispose()
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
                process.WaitForExit(Testing.TestWaits.Signal);
            }
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }

        process.Dispose();
    }

    private void Append(StringBuilder to, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (output)
        {
            to.AppendLine(line);
        }
    }
}
