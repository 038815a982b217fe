using System.CommandLine;
using Microsoft.Extensions.Logging;

namespace AccBackup.Cli.Commands;

/// <summary>Options every command takes: output form, settings file, and the storage flags that override settings.</summary>
internal sealed class GlobalOptions
{
    public Option<bool> Json { get; } = new("--json") { Description = "Print machine-readable JSON instead of tables", Recursive = true };

    public Option<FileInfo?> Settings { get; } = new("--settings")
    {
        Description = "A JSON settings file (same sections as the Function App: Aps, BackupStorage, Copy, Backup)",
        Recursive = true,
    };

    public Option<string?> StorageConnectionString { get; } = new("--storage-connection-string")
    {
        Description = "Overrides BackupStorage:ConnectionString (e.g. Azurite's, or UseDevelopmentStorage=true)",
        Recursive = true,
    };

    public Option<string?> Container { get; } = new("--container") { Description = "Overrides BackupStorage:ContainerName", Recursive = true };

    public Option<bool> Verbose { get; } = new("--verbose") { Description = "Show the engine's log (information and above) on standard error", Recursive = true };

    public void AddTo(Command root)
    {
        root.Options.Add(Json);
        root.Options.Add(Settings);
        root.Options.Add(StorageConnectionString);
        root.Options.Add(Container);
        root.Options.Add(Verbose);
    }

    public GlobalValues Read(ParseResult parse)
    {
        var overrides = new List<KeyValuePair<string, string?>>();
        if (parse.GetValue(StorageConnectionString) is { Length: > 0 } connection)
        {
            overrides.Add(new("BackupStorage:ConnectionString", connection));
        }

        if (parse.GetValue(Container) is { Length: > 0 } container)
        {
            overrides.Add(new("BackupStorage:ContainerName", container));
        }

        var verbose = parse.GetValue(Verbose);
        return new GlobalValues(parse.GetValue(Json), parse.GetValue(Settings), verbose ? LogLevel.Information : LogLevel.Error, verbose, overrides);
    }
}

/// <summary>The global options as given.</summary>
/// <param name="Overrides">Settings set by flags: applied last, over files and environment.</param>
internal sealed record GlobalValues(bool Json, FileInfo? SettingsFile, LogLevel LogLevel, bool Verbose, IReadOnlyList<KeyValuePair<string, string?>> Overrides);
