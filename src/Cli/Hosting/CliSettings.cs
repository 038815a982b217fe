using Microsoft.Extensions.Configuration;

namespace AccBackup.Cli.Hosting;

/// <summary>The tool's settings: the Function App's names (Aps, BackupStorage, Copy, Backup), layered so the most specific wins.</summary>
/// <remarks>
/// Order, lowest first: appsettings.json beside the tool, the <c>--settings</c> file, environment variables
/// (<c>Aps__ClientId</c>), then values the command sets (the demo emulator, command-line flags).
/// </remarks>
public static class CliSettings
{
    /// <summary>The optional settings file read from the tool's folder.</summary>
    public const string DefaultFileName = "appsettings.json";

    /// <summary>Builds the configuration; <paramref name="settingsFile"/> must exist when given.</summary>
    /// <exception cref="SettingsFileException">The settings file is missing or is not valid JSON.</exception>
    public static IConfigurationRoot Build(CliContext context, FileInfo? settingsFile, IEnumerable<KeyValuePair<string, string?>> overrides)
    {
        ArgumentNullException.ThrowIfNull(context);
        var builder = new ConfigurationBuilder();
        builder.AddJsonFile(Path.Combine(context.ToolDirectory, DefaultFileName), optional: true, reloadOnChange: false);
        if (settingsFile is not null)
        {
            if (!settingsFile.Exists)
            {
                throw new SettingsFileException($"Settings file '{settingsFile.FullName}' (--settings) was not found.");
            }

            builder.AddJsonFile(settingsFile.FullName, optional: false, reloadOnChange: false);
        }

        builder.AddInMemoryCollection(FromEnvironment(context.Environment));
        builder.AddInMemoryCollection(overrides);
        try
        {
            return builder.Build();
        }
        catch (InvalidDataException e)
        {
            throw new SettingsFileException($"A settings file is not valid JSON: {e.Message}", e);
        }
    }

    // The same mapping as the environment-variables provider: '__' separates sections (Aps__ClientId -> Aps:ClientId).
    private static IEnumerable<KeyValuePair<string, string?>> FromEnvironment(IReadOnlyDictionary<string, string?> environment) =>
        environment.Select(e => KeyValuePair.Create(e.Key.Replace("__", ConfigurationPath.KeyDelimiter, StringComparison.Ordinal), e.Value));
}

/// <summary>A settings file could not be used; the message names it.</summary>
public sealed class SettingsFileException(string message, Exception? inner = null) : Exception(message, inner);
