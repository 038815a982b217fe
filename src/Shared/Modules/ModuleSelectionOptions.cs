namespace AccBackup.Modules;

/// <summary>Which parts of each project's record a run keeps: <c>Backup:Modules</c>.</summary>
public sealed class ModuleSelectionOptions
{
    /// <summary>The configuration section the setting lives in.</summary>
    public const string SectionName = "Backup";

    /// <summary>The setting's full name, for messages.</summary>
    public const string SettingName = SectionName + ":" + nameof(Modules);

    /// <summary>Comma-separated module names (<see cref="ModuleNames.Known"/>), e.g. <c>files,sheets</c>. Files are always kept.
    /// Default: none given, which keeps files and every module whose credentials are set (Issues, RFIs, Forms and Photos with the service
    /// account; Sheets, Members, Permissions and Attributes always, as they read with the app's own token).</summary>
    public string? Modules { get; set; }

    /// <summary>The names given, trimmed and lower-cased; empty when the setting is absent.</summary>
    public IReadOnlyList<string> Names =>
        (Modules ?? "").Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(n => n.ToLowerInvariant()).ToArray();
}
