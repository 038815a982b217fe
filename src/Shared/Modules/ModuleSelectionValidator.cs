using AccBackup.Issues;
using Microsoft.Extensions.Options;

namespace AccBackup.Modules;

/// <summary>Checks <c>Backup:Modules</c> on start: every name known, and a module that needs credentials only with them given.</summary>
public sealed class ModuleSelectionValidator(IOptions<IssuesOptions> issues) : IValidateOptions<ModuleSelectionOptions>
{
    /// <inheritdoc />
    public ValidateOptionsResult Validate(string? name, ModuleSelectionOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var failures = new List<string>();
        foreach (var module in options.Names.Where(n => !ModuleNames.Known.Contains(n)))
        {
            failures.Add($"{ModuleSelectionOptions.SettingName} names '{module}', which is not a module this version keeps; the modules are {string.Join(", ", ModuleNames.Known)}.");
        }

        foreach (var module in options.Names.Where(ModuleNames.NeedServiceAccount.Contains).Where(_ => !issues.Value.IsConfigured))
        {
            failures.Add($"{ModuleSelectionOptions.SettingName} names '{module}', which needs the Secure Service Account: set {IssuesOptions.SectionName}:ServiceAccountId, "
                + $"{IssuesOptions.SectionName}:KeyId and {IssuesOptions.SectionName}:PrivateKey, or leave '{module}' out.");
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}
