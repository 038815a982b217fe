using System.Reflection;
using AccBackup.Acc;
using AccBackup.Backup.Settings;
using AccBackup.Issues;
using AccBackup.Modules;
using AccBackup.Modules.Sheets;
using AccBackup.Quotas;
using AccBackup.Retry;
using AccBackup.Storage;

namespace AccBackup.Repository.Tests.Files;

/// <summary>Every option the app binds, found by reflection over the options classes and their SectionName constants.</summary>
internal static class OptionsCatalog
{
    /// <summary>The options classes the app binds from configuration.</summary>
    public static readonly IReadOnlyList<Type> OptionTypes =
        [typeof(ApsOptions), typeof(ApsQuotaOptions), typeof(ApsRetryOptions), typeof(BlobStorageOptions), typeof(CopyOptions), typeof(BackupOptions), typeof(IssuesOptions),
            typeof(ModuleSelectionOptions), typeof(SheetsOptions), typeof(AccBackup.Modules.Rfis.RfisOptions), typeof(AccBackup.Modules.Forms.FormsOptions), typeof(AccBackup.AccRestore.AccRestoreOptions),
            typeof(AccBackup.Modules.Permissions.PermissionsOptions), typeof(AccBackup.Modules.Attributes.AttributesOptions)];

    /// <summary>Every public settable property of every options class, with its code default; a property holding a nested
    /// options class (<c>Aps:Quota</c>) is not a setting itself: its class is listed with its own section.</summary>
    public static IReadOnlyList<OptionSetting> All { get; } = [.. OptionTypes.SelectMany(SettingsOf)];

    /// <summary>The configuration sections, e.g. <c>Aps</c>.</summary>
    public static IReadOnlySet<string> Sections { get; } = OptionTypes.Select(SectionOf).ToHashSet(StringComparer.Ordinal);

    /// <summary>Every option's <c>Section__Property</c> name.</summary>
    public static IReadOnlySet<string> Keys { get; } = All.Select(o => o.Key).ToHashSet(StringComparer.Ordinal);

    /// <summary>Whether <paramref name="key"/> is written <c>Section__X</c> for one of the options' sections.</summary>
    public static bool IsSectionKey(string key)
    {
        var separator = key.IndexOf("__", StringComparison.Ordinal);
        return separator > 0 && Sections.Contains(key[..separator]);
    }

    private static string SectionOf(Type type) =>
        type.GetField("SectionName", BindingFlags.Public | BindingFlags.Static)?.GetRawConstantValue() as string
        ?? throw new InvalidOperationException($"{type.Name} has no SectionName constant.");

    private static IEnumerable<OptionSetting> SettingsOf(Type type)
    {
        var section = SectionOf(type);
        var defaults = Activator.CreateInstance(type)
            ?? throw new InvalidOperationException($"{type.Name} has no parameterless constructor.");
        return type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.SetMethod is { IsPublic: true } && !OptionTypes.Contains(p.PropertyType))
            .Select(p => new OptionSetting(section, p, p.GetValue(defaults)));
    }
}
