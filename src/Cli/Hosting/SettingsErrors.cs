using System.Text.RegularExpressions;
using AccBackup.Acc;
using AccBackup.Backup.Settings;
using AccBackup.Storage;
using Microsoft.Extensions.Options;

namespace AccBackup.Cli.Hosting;

/// <summary>Turns options validation failures into one line per bad setting, each naming it as it is configured (Aps:ClientId).</summary>
public static partial class SettingsErrors
{
    private static readonly Dictionary<Type, string> Sections = new()
    {
        [typeof(ApsOptions)] = ApsOptions.SectionName,
        [typeof(BlobStorageOptions)] = BlobStorageOptions.SectionName,
        [typeof(CopyOptions)] = CopyOptions.SectionName,
        [typeof(BackupOptions)] = BackupOptions.SectionName,
    };

    /// <summary>The failures in <paramref name="error"/> when it is (or aggregates only) options validation failures; otherwise null.</summary>
    public static IReadOnlyList<string>? Describe(Exception error)
    {
        var failures = error switch
        {
            OptionsValidationException single => [single],
            AggregateException many when many.InnerExceptions.All(e => e is OptionsValidationException) =>
                many.InnerExceptions.Cast<OptionsValidationException>().ToList(),
            _ => (List<OptionsValidationException>?)null,
        };
        return failures?.SelectMany(f => f.Failures.Select(message => Describe(f.OptionsType, message))).Distinct().ToList();
    }

    // DataAnnotations say "DataAnnotation validation failed for 'ApsOptions' members: 'ClientId' with the error: '…'.":
    // the setting is Aps:ClientId. Our own validators already name the setting and pass through unchanged.
    private static string Describe(Type optionsType, string message)
    {
        var section = Sections.GetValueOrDefault(optionsType, optionsType.Name);
        var match = DataAnnotationFailure().Match(message);
        if (!match.Success)
        {
            return message;
        }

        var error = match.Groups["error"].Value;
        var settings = match.Groups["members"].Value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(member => $"{section}:{member}");
        var names = string.Join(", ", settings);
        return error.StartsWith(section + ":", StringComparison.Ordinal) || names.Length == 0 ? error : $"{names}: {error}";
    }

    [GeneratedRegex(@"^DataAnnotation validation failed for '[^']*' members: '(?<members>[^']*)' with the error: '(?<error>.*)'\.$", RegexOptions.Singleline)]
    private static partial Regex DataAnnotationFailure();
}
