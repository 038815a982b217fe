using AccEmulator;

namespace AccBackup.Testing;

/// <summary>The settings that wire the product to an APS emulator and an Azurite container, with test-fast retry delays.</summary>
public static class BackupSettings
{
    /// <summary>Settings for <paramref name="emulator"/> and <paramref name="container"/> on <paramref name="azurite"/>;
    /// <paramref name="overrides"/> are applied last.</summary>
    public static Dictionary<string, string?> For(
        EmulatorServer emulator, AzuriteServer azurite, string container, IDictionary<string, string?>? overrides = null)
    {
        ArgumentNullException.ThrowIfNull(emulator);
        ArgumentNullException.ThrowIfNull(azurite);
        var values = new Dictionary<string, string?>
        {
            ["Aps:BaseUrl"] = emulator.BaseUrl.ToString(),
            ["Aps:ClientId"] = emulator.ClientId,
            ["Aps:ClientSecret"] = emulator.ClientSecret,
            ["Aps:AccountId"] = emulator.AccountId,
            ["Aps:Quota:Enabled"] = "false",
            ["Aps:Retry:BaseDelay"] = "00:00:00.020",
            ["Sheets:ExportPollInterval"] = "00:00:00.020",
            ["BackupStorage:ConnectionString"] = azurite.ConnectionString,
            ["BackupStorage:ContainerName"] = container,
        };
        foreach (var (key, value) in overrides ?? new Dictionary<string, string?>())
        {
            values[key] = value;
        }

        return values;
    }
}
