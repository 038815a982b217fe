using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Settings of the "Aps" section that were renamed: an old name still present in the configuration stops the start
/// with its replacement named, instead of being silently ignored (the value would otherwise fall back to the default).</summary>
internal sealed class ApsRenamedSettings(IConfiguration section) : IValidateOptions<ApsOptions>
{
    /// <summary>Old key (under "Aps") → its replacement.</summary>
    internal static readonly IReadOnlyDictionary<string, string> Renamed = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase)
    {
        ["RateLimitingEnabled"] = ApsQuotaOptions.SectionName + ":Enabled",
        ["QuotaShare"] = ApsQuotaOptions.SectionName + ":Share",
        ["QuotaScope"] = ApsQuotaOptions.SectionName + ":Scope",
        ["QuotaWindow"] = ApsQuotaOptions.SectionName + ":Window",
        ["StormBudget"] = ApsRetryOptions.SectionName + ":MaxDuration",
        ["StormMaxDelay"] = ApsRetryOptions.SectionName + ":MaxDelay",
        ["StormWarningAfter"] = ApsRetryOptions.SectionName + ":WarnAfter",
        ["RetryBaseDelay"] = ApsRetryOptions.SectionName + ":BaseDelay",
    };

    public ValidateOptionsResult Validate(string? name, ApsOptions options)
    {
        var failures = section.GetChildren()
            .Where(setting => setting.Value is not null && Renamed.ContainsKey(setting.Key))
            .Select(setting => Message(setting.Key, Renamed[setting.Key]))
            .ToList();
        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }

    private static string Message(string old, string replacement) =>
        $"{ApsOptions.SectionName}:{old} is no longer read: it is now {replacement} " +
        $"({replacement.Replace(":", "__", StringComparison.Ordinal)} as an environment variable or app setting).";
}
