using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Cross-field and format rules for <see cref="ApsOptions"/>, with messages naming the setting.</summary>
internal sealed class ApsOptionsValidator : IValidateOptions<ApsOptions>
{
    public ValidateOptionsResult Validate(string? name, ApsOptions options)
    {
        var failures = new List<string>();
        const string Section = ApsOptions.SectionName;

        if (options.BaseUrl is { IsAbsoluteUri: false } || options.BaseUrl?.Scheme is not ("https" or "http"))
        {
            failures.Add($"{Section}:BaseUrl must be an absolute http(s) URL, e.g. https://developer.api.autodesk.com/.");
        }
        else if (!HttpsRule.Allows(options.BaseUrl))
        {
            // The client secret and every bearer token go to this URL.
            failures.Add($"{Section}:BaseUrl must be https (plain http only for a loopback host such as 127.0.0.1, e.g. a local emulator); got {HttpsRule.Origin(options.BaseUrl)}.");
        }

        var account = options.AccountId.StartsWith("b.", StringComparison.Ordinal) ? options.AccountId[2..] : options.AccountId;
        if (!string.IsNullOrEmpty(options.AccountId) && !Guid.TryParse(account, out _))
        {
            failures.Add($"{Section}:AccountId must be the account GUID (the hub id without 'b.'); got '{options.AccountId}'.");
        }

        if (options.Retry.BaseDelay > options.Retry.MaxDelay)
        {
            failures.Add($"{Section}:Retry:BaseDelay ({options.Retry.BaseDelay}) must not exceed {Section}:Retry:MaxDelay ({options.Retry.MaxDelay}).");
        }

        if (options.Scopes.Split(' ', StringSplitOptions.RemoveEmptyEntries).All(s => s != "data:read"))
        {
            failures.Add($"{Section}:Scopes must include data:read; got '{options.Scopes}'.");
        }

        if (!Enum.IsDefined(options.Quota.Scope))
        {
            failures.Add($"{Section}:Quota:Scope must be Process or Shared; got '{options.Quota.Scope}'.");
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}
