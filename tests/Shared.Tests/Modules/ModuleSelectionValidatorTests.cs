using AccBackup.Issues;
using AccBackup.Modules;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Modules;

/// <summary><c>Backup:Modules</c>: unknown names and modules without their credentials stop the start, naming the setting.</summary>
[Trait("Category", "Unit")]
public sealed class ModuleSelectionValidatorTests
{
    [Fact]
    public void Validate_UnknownName_FailsNamingTheSettingAndTheModules()
    {
        var result = Validator(ssa: true).Validate(null, new ModuleSelectionOptions { Modules = "files, sheets, drawings" });

        Assert.True(result.Failed);
        Assert.Contains("Backup:Modules names 'drawings'", result.FailureMessage, StringComparison.Ordinal);
        Assert.Contains("files, issues, sheets, members", result.FailureMessage, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_IssuesWithoutServiceAccount_FailsNamingTheIssuesSettings()
    {
        var result = Validator(ssa: false).Validate(null, new ModuleSelectionOptions { Modules = "files,issues" });

        Assert.True(result.Failed);
        Assert.Contains("Issues:ServiceAccountId", result.FailureMessage, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_RfisWithoutServiceAccount_FailsNamingRfisAndTheServiceAccountSettings()
    {
        var result = Validator(ssa: false).Validate(null, new ModuleSelectionOptions { Modules = "files,rfis" });

        Assert.True(result.Failed);
        Assert.Contains("names 'rfis', which needs the Secure Service Account", result.FailureMessage, StringComparison.Ordinal);
        Assert.Contains("Issues:ServiceAccountId", result.FailureMessage, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_PhotosWithoutServiceAccount_FailsNamingPhotosAndTheServiceAccountSettings()
    {
        var result = Validator(ssa: false).Validate(null, new ModuleSelectionOptions { Modules = "files,photos" });

        Assert.True(result.Failed);
        Assert.Contains("names 'photos', which needs the Secure Service Account", result.FailureMessage, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(null, true, "issues,sheets,members,rfis,forms,photos,permissions,attributes")]
    [InlineData(null, false, "sheets,members,permissions,attributes")]
    [InlineData("", true, "issues,sheets,members,rfis,forms,photos,permissions,attributes")]
    [InlineData("rfis,files", true, "rfis")]
    [InlineData("forms,files", true, "forms")]
    [InlineData("photos,files,rfis", true, "rfis,photos")]
    [InlineData("files", true, "")]
    [InlineData("Files, SHEETS", true, "sheets")]
    [InlineData("sheets,files,issues", true, "issues,sheets")]
    public void Kept_Setting_IsFilesPlusTheModulesNamedOrEveryModuleWithCredentials(string? setting, bool ssa, string kept)
    {
        var selection = new ModuleSelection(Options.Create(new ModuleSelectionOptions { Modules = setting }), Options.Create(Issues(ssa)));

        Assert.Equal(kept, string.Join(',', selection.Kept));
        Assert.True(selection.Keeps(ModuleNames.Files));
        Assert.True(Validator(ssa).Validate(null, new ModuleSelectionOptions { Modules = setting }).Succeeded);
    }

    private static ModuleSelectionValidator Validator(bool ssa) => new(Options.Create(Issues(ssa)));

    private static IssuesOptions Issues(bool ssa) => ssa ? new IssuesOptions { ServiceAccountId = "SSA", KeyId = "k", PrivateKey = "pem" } : new IssuesOptions();
}
