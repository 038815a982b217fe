using AccBackup.Modules;
using AccEmulator;

namespace AccBackup.Bench.Hosting;

/// <summary>The settings every engine, seed or durable variant runs with: the product's defaults, wired to one emulator and container.</summary>
internal static class EngineSettings
{
    /// <summary>The configuration keys and values (time compression is applied to the client's pacing by <see cref="CompressedPacing"/>, not here).</summary>
    /// <param name="clientRateLimiting">Whether the APS client paces itself to the quotas (off when the emulator has none, or for an unpaced variant).</param>
    public static Dictionary<string, string?> For(
        EmulatorServer emulator, BenchAzurite azurite, string containerName, bool clientRateLimiting,
        IReadOnlyDictionary<string, string?>? overrides)
    {
        var values = new Dictionary<string, string?>
        {
            ["Aps:BaseUrl"] = emulator.BaseUrl.ToString(),
            ["Aps:ClientId"] = emulator.ClientId,
            ["Aps:ClientSecret"] = emulator.ClientSecret,
            ["Aps:AccountId"] = emulator.AccountId,
            ["Aps:Quota:Enabled"] = clientRateLimiting ? "true" : "false",
            ["BackupStorage:ConnectionString"] = azurite.ConnectionString,
            ["BackupStorage:ContainerName"] = containerName,

            // The file engine's figures are of files: the product's default also exports every module the app's own
            // token reads (Sheets, Members), whose quotas of 100 a minute per endpoint, not the files', would then set the
            // night's length (1,000 projects: over 25 min at k = 10). Module exports are measured by their own scenarios.
            ["Backup:Modules"] = ModuleNames.Files,
        };
        foreach (var (key, value) in overrides ?? new Dictionary<string, string?>())
        {
            values[key] = value;
        }

        return values;
    }
}
