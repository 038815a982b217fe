using System.Text.RegularExpressions;
using AccBackup.Functions.Telemetry;
using AccBackup.Testing;
using Azure.Identity;

namespace AccBackup.Functions.Tests.Telemetry;

[Trait("Category", "Unit")]
public sealed partial class IngestionCredentialTests
{
    [Fact]
    public void From_TheValueFunctionAppBicepSets_IsTheAppsUserAssignedIdentity()
    {
        var bicep = File.ReadAllText(Path.Combine(RepoPaths.Root, "infra", "bicep", "modules", "function-app.bicep"));
        var setting = AuthenticationSetting().Match(bicep);
        Assert.True(setting.Success, "function-app.bicep sets no APPLICATIONINSIGHTS_AUTHENTICATION_STRING");

        var value = Interpolation().Replace(setting.Groups["value"].Value, Guid.NewGuid().ToString());

        Assert.IsType<ManagedIdentityCredential>(IngestionCredential.From(value));
    }

    [Theory]
    [InlineData("Authorization=AAD")]
    [InlineData(" authorization = aad ; ")]
    public void From_AadWithoutAClientId_IsTheSystemAssignedIdentity(string value)
    {
        Assert.IsType<ManagedIdentityCredential>(IngestionCredential.From(value));
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("  ")]
    public void From_Unset_IsNoCredential(string? value)
    {
        Assert.Null(IngestionCredential.From(value));
    }

    [Theory]
    [InlineData("ClientId=8c5f7a52-7a4f-4d3e-9d7e-3f2b1a0c9e11")]
    [InlineData("Authorization=Key")]
    [InlineData("Authorization=AAD;ClientId=accbackup-identity")]
    [InlineData("Authorization=AAD;ClientId=")]
    public void From_Malformed_ThrowsNamingTheSetting(string value)
    {
        var error = Assert.Throws<InvalidOperationException>(() => IngestionCredential.From(value));

        Assert.StartsWith(IngestionCredential.AuthenticationStringSetting, error.Message, StringComparison.Ordinal);
    }

    [GeneratedRegex(@"APPLICATIONINSIGHTS_AUTHENTICATION_STRING: '(?<value>[^']+)'")]
    private static partial Regex AuthenticationSetting();

    [GeneratedRegex(@"\$\{[^}]+\}")]
    private static partial Regex Interpolation();
}
