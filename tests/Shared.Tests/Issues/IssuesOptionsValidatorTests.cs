using System.Security.Cryptography;
using AccBackup.Issues;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Issues;

[Trait("Category", "Unit")]
public sealed class IssuesOptionsValidatorTests
{
    [Fact]
    public void Validate_NoServiceAccountSettings_SucceedsAsNotConfigured()
    {
        var options = new IssuesOptions();

        var result = new IssuesOptionsValidator().Validate(null, options);

        Assert.True(result.Succeeded);
        Assert.False(options.IsConfigured);
    }

    [Fact]
    public void Validate_OnlyTheServiceAccountId_FailsNamingTheMissingSettings()
    {
        var result = new IssuesOptionsValidator().Validate(null, new IssuesOptions { ServiceAccountId = "SSA-1" });

        Assert.True(result.Failed);
        Assert.Contains(result.Failures, f => f.StartsWith("Issues:KeyId is required", StringComparison.Ordinal));
        Assert.Contains(result.Failures, f => f.StartsWith("Issues:PrivateKey is required", StringComparison.Ordinal));
        Assert.DoesNotContain(result.Failures, f => f.StartsWith("Issues:ServiceAccountId", StringComparison.Ordinal));
    }

    [Fact]
    public void Validate_PrivateKeyNotAPem_FailsNamingTheSettingWithoutQuotingIt()
    {
        const string Garbage = "-----BEGIN RSA PRIVATE KEY-----\nbm90IGEga2V5\n-----END RSA PRIVATE KEY-----";

        var result = new IssuesOptionsValidator().Validate(null, new IssuesOptions { ServiceAccountId = "SSA-1", KeyId = "k", PrivateKey = Garbage });

        var failure = Assert.Single(result.Failures!);
        Assert.StartsWith("Issues:PrivateKey is not an RSA private key", failure, StringComparison.Ordinal);
        Assert.DoesNotContain("bm90IGEga2V5", failure, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_AllThreeWithARealKey_Succeeds()
    {
        using var rsa = RSA.Create(2048);

        var result = new IssuesOptionsValidator().Validate(null, new IssuesOptions { ServiceAccountId = "SSA-1", KeyId = "k", PrivateKey = rsa.ExportPkcs8PrivateKeyPem() });

        Assert.True(result.Succeeded);
    }

    [Fact]
    public void Validate_1024BitKey_FailsNamingTheSettingAndTheSize()
    {
        using var rsa = RSA.Create(1024);

        var result = new IssuesOptionsValidator().Validate(null, new IssuesOptions { ServiceAccountId = "SSA-1", KeyId = "k", PrivateKey = rsa.ExportPkcs8PrivateKeyPem() });

        var failure = Assert.Single(result.Failures!);
        Assert.Equal("Issues:PrivateKey is a 1024-bit RSA key; at least 2048 bits are required (generate a new key for the service account).", failure);
    }

    [Fact]
    public void AddIssueExport_1024BitKey_RefusedAtStartNamingTheSetting()
    {
        // Arrange: the host validates options on start (ValidateOnStart) through the startup validator.
        using var rsa = RSA.Create(1024);
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Issues:ServiceAccountId"] = "SSA-1",
            ["Issues:KeyId"] = "k",
            ["Issues:PrivateKey"] = rsa.ExportRSAPrivateKeyPem(),
        }).Build();
        using var services = new ServiceCollection().AddIssueExport(configuration).BuildServiceProvider();

        // Act
        var error = Assert.Throws<OptionsValidationException>(() => services.GetRequiredService<IStartupValidator>().Validate());

        // Assert
        Assert.Contains("Issues:PrivateKey is a 1024-bit RSA key", error.Message, StringComparison.Ordinal);
    }
}
