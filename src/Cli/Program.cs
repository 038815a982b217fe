using AccBackup.Cli;
using AccBackup.Cli.Hosting;

// acc-backup: run | verify | restore | runs. Exit codes: see ExitCodes.
return await CliApplication.InvokeAsync(args, CliContext.FromProcess(), CancellationToken.None);
