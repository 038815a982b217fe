using System.Collections.Concurrent;
using System.Diagnostics;
using System.Reflection;
using System.Text.Json;

namespace AccBackup.Bench.Children;

/// <summary>The parent side: starts this benchmark's own executable with <c>--child</c>, waits, and reads what it reports.</summary>
/// <remarks>A cancelled or failed wait kills the child (and anything it started): no process outlives its variant.</remarks>
internal static class ChildLauncher
{
    private const int StderrLinesKept = 20;
    private const string ProcessorCountVariable = "DOTNET_PROCESSOR_COUNT";
    private const string DurableProcessorCount = "64";

    /// <summary>The id of the running child, for the watchdog's samples (0 when none).</summary>
    public static int CurrentPid { get; private set; }

    public static async Task<ChildResult> RunAsync(ChildSpec spec, CancellationToken cancellationToken)
    {
        var folder = Path.Combine(Path.GetTempPath(), "acc-bench-children");
        Directory.CreateDirectory(folder);
        var specPath = Path.Combine(folder, $"{Environment.ProcessId}-{Guid.NewGuid():N}.spec.json");
        spec = spec with { ResultPath = Path.ChangeExtension(specPath, ".result.json") };
        await File.WriteAllTextAsync(specPath, JsonSerializer.Serialize(spec, ChildJson.Options), cancellationToken);
        var stderr = new ConcurrentQueue<string>();
        using var process = new Process { StartInfo = StartInfo(specPath, spec.Kind) };
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is { } line)
            {
                stderr.Enqueue(line);
                while (stderr.Count > StderrLinesKept && stderr.TryDequeue(out string? _))
                {
                }
            }
        };
        process.OutputDataReceived += (_, _) => { };
        try
        {
            process.Start();
            CurrentPid = process.Id;
            process.BeginErrorReadLine();
            process.BeginOutputReadLine();
            await process.WaitForExitAsync(cancellationToken);
            if (process.ExitCode != 0 || !File.Exists(spec.ResultPath))
            {
                throw new InvalidOperationException($"child {spec.Variant} exited with code {process.ExitCode}: {string.Join(" | ", stderr)}");
            }

            return JsonSerializer.Deserialize<ChildResult>(await File.ReadAllTextAsync(spec.ResultPath, CancellationToken.None), ChildJson.Options)
                ?? throw new InvalidOperationException($"child {spec.Variant} wrote no result.");
        }
        finally
        {
            CurrentPid = 0;
            Kill(process);
            File.Delete(specPath);
            File.Delete(spec.ResultPath);
        }
    }

    // The apphost when there is one; `dotnet <dll>` when the bench was started through the dotnet host.
    private static ProcessStartInfo StartInfo(string specPath, string kind)
    {
        var executable = Environment.ProcessPath ?? throw new InvalidOperationException("The bench's own executable is unknown.");
        var start = new ProcessStartInfo(executable) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };

        // The Durable test host's in-memory backend runs as many activities at once as the process sees processors:
        // durable children see 64 so the backend is not the limit; every other child sees the machine as it is.
        if (kind == ChildKinds.Durable)
        {
            start.Environment[ProcessorCountVariable] = DurableProcessorCount;
        }
        else
        {
            start.Environment.Remove(ProcessorCountVariable);
        }

        if (Path.GetFileNameWithoutExtension(executable) == "dotnet")
        {
            start.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        start.ArgumentList.Add("--child");
        start.ArgumentList.Add(specPath);
        return start;
    }

    private static void Kill(Process process)
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
            // Never started, or already gone.
        }
    }
}
