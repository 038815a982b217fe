using AccBackup.Acc;
using AccBackup.Backup;
using AccBackup.Backup.Settings;
using AccBackup.Storage;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Repository.Tests.Files;

/// <summary>local.settings.sample.json documents every setting: each option with its code default, nothing else.</summary>
[Trait("Category", "Unit")]
public sealed class LocalSettingsSampleTests
{
    /// <summary>Settings the Functions runtime reads locally; anything else in Values must be an option.</summary>
    private static readonly HashSet<string> LocalRuntimeSettings = new(StringComparer.Ordinal)
    {
        "AzureWebJobsStorage",
        "FUNCTIONS_WORKER_RUNTIME",

        // Azure sets it; a local host needs it to bind the Durable client of the HTTP functions.
        "WEBSITE_HOSTNAME",
    };

    /// <summary>Options whose sample value is the local setup rather than the code default, and why.</summary>
    private static readonly Dictionary<string, string> LocalValues = new(StringComparer.Ordinal)
    {
        ["Aps__BaseUrl"] = "the APS emulator (dotnet run --project tools/AccEmulator -- --port 5080)",
        ["Aps__ClientId"] = "the emulator's demo credentials",
        ["Aps__ClientSecret"] = "the emulator's demo credentials",
        ["Aps__AccountId"] = "the emulator's demo account (seed 42)",
        ["BackupStorage__ConnectionString"] = "Azurite",
    };

    private static readonly IReadOnlyList<KeyValuePair<string, string>> Values = RepoFiles.LocalSettingsValues();

    [Fact]
    public void File_StrictJson_ParsesWithoutCommentsAndIsNotEncrypted()
    {
        using var sample = RepoFiles.Json(allowComments: false, "local.settings.sample.json");

        Assert.False(sample.RootElement.GetProperty("IsEncrypted").GetBoolean());
    }

    [Fact]
    public void Values_RuntimeSettings_UseAzuriteAndTheIsolatedWorker()
    {
        var values = Values.ToDictionary(StringComparer.Ordinal);

        Assert.Equal("UseDevelopmentStorage=true", values.GetValueOrDefault("AzureWebJobsStorage"));
        Assert.Equal("dotnet-isolated", values.GetValueOrDefault("FUNCTIONS_WORKER_RUNTIME"));
    }

    [Fact]
    public void Values_EveryOption_IsListedAsSectionProperty()
    {
        var keys = Values.Select(v => v.Key).ToHashSet(StringComparer.Ordinal);

        var missing = OptionsCatalog.All.Where(o => !keys.Contains(o.Key)).Select(o => $"{o.Key} is missing from Values");

        Problems.AssertNone(missing);
    }

    [Fact]
    public void Values_EveryOtherKey_IsARealOptionOrARuntimeSetting()
    {
        var unknown = Values
            .Select(v => v.Key)
            .Where(k => !OptionsCatalog.Keys.Contains(k) && !LocalRuntimeSettings.Contains(k))
            .Select(k => OptionsCatalog.IsSectionKey(k) ? $"{k} is not a property of its options class" : $"{k} is neither an option nor a runtime setting");

        Problems.AssertNone(unknown);
    }

    [Fact]
    public void Values_EveryKey_IsListedOnce()
    {
        var duplicates = Values.GroupBy(v => v.Key, StringComparer.Ordinal).Where(g => g.Count() > 1).Select(g => $"{g.Key} is listed {g.Count()} times");

        Problems.AssertNone(duplicates);
    }

    [Fact]
    public void Values_OptionsNotSetUpLocally_HaveTheCodeDefault()
    {
        var values = Values.ToDictionary(StringComparer.Ordinal);

        var drifted = OptionsCatalog.All
            .Where(o => !LocalValues.ContainsKey(o.Key) && values.TryGetValue(o.Key, out var text) && !o.HasDefaultValue(text))
            .Select(o => $"{o.Key} is '{values[o.Key]}' but the code default is '{o.DefaultText}'");

        Problems.AssertNone(drifted);
    }

    [Fact]
    public void Values_BoundLikeTheApp_PassEveryValidation()
    {
        var configuration = new ConfigurationBuilder()
            .AddInMemoryCollection(Values.Select(v => KeyValuePair.Create(v.Key.Replace("__", ":", StringComparison.Ordinal), (string?)v.Value)))
            .Build();
        using var provider = new ServiceCollection().AddLogging().AddCopyEngine(configuration).BuildServiceProvider();

        // .Value binds and runs DataAnnotations and every IValidateOptions, as ValidateOnStart does at host start.
        Assert.Equal(new Uri("http://127.0.0.1:5080/"), provider.GetRequiredService<IOptions<ApsOptions>>().Value.BaseUrl);
        Assert.Equal(BlobStorageOptions.DefaultContainerName, provider.GetRequiredService<IOptions<BlobStorageOptions>>().Value.ContainerName);
        Assert.Equal(32, provider.GetRequiredService<IOptions<CopyOptions>>().Value.MaxConcurrentTransfers);
        Assert.Equal("0 0 2 * * *", provider.GetRequiredService<IOptions<BackupOptions>>().Value.Schedule);
    }
}
