using System.Collections;
using Spectre.Console;

namespace AccBackup.Cli.Hosting;

/// <summary>Everything the commands take from the process: output, environment, where the tool lives, the clock.</summary>
/// <remarks>Tests build one over <see cref="StringWriter"/>s and a fixed environment instead of touching process globals.</remarks>
public sealed class CliContext
{
    /// <summary>Creates a context; <paramref name="interactive"/> turns on live progress and colours.</summary>
    public CliContext(
        TextWriter output, TextWriter error, bool interactive, IReadOnlyDictionary<string, string?> environment, string toolDirectory, TimeProvider time)
    {
        Output = output;
        Error = error;
        Interactive = interactive;
        Environment = environment;
        ToolDirectory = toolDirectory;
        Time = time;
        Console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(output),
            Ansi = interactive ? AnsiSupport.Detect : AnsiSupport.No,
            ColorSystem = interactive ? ColorSystemSupport.Detect : ColorSystemSupport.NoColors,
            Interactive = interactive ? InteractionSupport.Yes : InteractionSupport.No,
        });
        if (!interactive)
        {
            // Redirected output has no width: never wrap, so each row or message stays one line for grep and logs.
            Console.Profile.Width = 1024;
        }
    }

    /// <summary>Standard output: tables, summaries, JSON.</summary>
    public TextWriter Output { get; }

    /// <summary>Standard error: errors and log lines.</summary>
    public TextWriter Error { get; }

    /// <summary>The terminal for tables and live progress, writing to <see cref="Output"/>.</summary>
    public IAnsiConsole Console { get; }

    /// <summary>Whether a person is watching a terminal (live progress) rather than a pipe or file (a plain line per second).</summary>
    public bool Interactive { get; }

    /// <summary>Environment variables; <c>Aps__ClientId</c> sets <c>Aps:ClientId</c>.</summary>
    public IReadOnlyDictionary<string, string?> Environment { get; }

    /// <summary>The folder of the tool, where an optional appsettings.json is read.</summary>
    public string ToolDirectory { get; }

    /// <summary>The clock for rates and durations.</summary>
    public TimeProvider Time { get; }

    /// <summary>The real process: console streams, its environment, the tool's folder, the system clock.</summary>
    public static CliContext FromProcess()
    {
        var environment = System.Environment.GetEnvironmentVariables()
            .Cast<DictionaryEntry>()
            .ToDictionary(e => (string)e.Key, e => (string?)e.Value, StringComparer.OrdinalIgnoreCase);
        var interactive = !System.Console.IsOutputRedirected
            && !string.Equals(System.Environment.GetEnvironmentVariable("TERM"), "dumb", StringComparison.Ordinal);
        return new CliContext(System.Console.Out, System.Console.Error, interactive, environment, AppContext.BaseDirectory, TimeProvider.System);
    }
}
