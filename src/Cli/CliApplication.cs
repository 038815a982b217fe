using System.CommandLine;
using AccBackup.Cli.Commands;
using AccBackup.Cli.Hosting;

namespace AccBackup.Cli;

/// <summary>The command tree of acc-backup, and its invocation against a <see cref="CliContext"/>.</summary>
public static class CliApplication
{
    /// <summary>Builds the commands: run, verify, restore, runs, history, prune, console, with the global options on each.</summary>
    public static RootCommand Build(CliContext context)
    {
        var global = new GlobalOptions();
        var root = new RootCommand("Backs up an Autodesk Construction Cloud account into Azure Blob Storage, and proves what it stored.")
        {
            RunCommand.Create(context, global),
            VerifyCommand.Create(context, global),
            RestoreCommand.Create(context, global),
            RunsCommand.Create(context, global),
            HistoryCommand.Create(context, global),
            PruneCommand.Create(context, global),
            ConsoleCommand.Create(context, global),
        };
        global.AddTo(root);
        return root;
    }

    /// <summary>Parses <paramref name="args"/> and runs the command; returns the exit code (see <see cref="ExitCodes"/>).</summary>
    public static async Task<int> InvokeAsync(string[] args, CliContext context, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(context);
        var parse = Build(context).Parse(args);
        var invocation = new InvocationConfiguration { Output = context.Output, Error = context.Error };
        return await parse.InvokeAsync(invocation, cancellationToken).ConfigureAwait(false);
    }
}
