using AccBackup.Storage;
using AccBackup.Testing;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Storage;

public sealed class BlobStorageOptionsValidatorTests
{
    [Fact]
    public void Validate_NeitherConnectionStringNorServiceUri_NamesBothSettings()
    {
        // Act
        var result = CreateSut().Validate(null, new BlobStorageOptions());

        // Assert
        Assert.True(result.Failed);
        Assert.Contains("BackupStorage:ConnectionString", result.FailureMessage, StringComparison.Ordinal);
        Assert.Contains("BackupStorage:ServiceUri", result.FailureMessage, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_BothConnectionStringAndServiceUri_Fails()
    {
        // Arrange
        var options = new BlobStorageOptions { ConnectionString = "UseDevelopmentStorage=true", ServiceUri = new Uri("https://a.blob.core.windows.net") };

        // Act
        var result = CreateSut().Validate(null, options);

        // Assert
        Assert.Equal("Set only one of BackupStorage:ConnectionString and BackupStorage:ServiceUri, not both.", Assert.Single(result.Failures!));
    }

    [Fact]
    public void Validate_ConnectionStringWithoutAccountKey_SaysWhatIsMissingWithoutQuotingIt()
    {
        // Arrange
        var options = new BlobStorageOptions { ConnectionString = "DefaultEndpointsProtocol=https;AccountName=secretish" };

        // Act
        var result = CreateSut().Validate(null, options);

        // Assert
        var message = Assert.Single(result.Failures!);
        Assert.Equal("BackupStorage:ConnectionString is not a valid storage connection string: missing AccountKey", message);
    }

    [Theory]
    [InlineData("http://a.blob.core.windows.net", "BackupStorage:ServiceUri must be an absolute https URI")]
    [InlineData("blob/relative", "BackupStorage:ServiceUri must be an absolute https URI")]
    public void Validate_ServiceUriNotAbsoluteHttps_NamesServiceUri(string uri, string expected)
    {
        // Act
        var result = CreateSut().Validate(null, new BlobStorageOptions { ServiceUri = new Uri(uri, UriKind.RelativeOrAbsolute) });

        // Assert
        Assert.StartsWith(expected, Assert.Single(result.Failures!), StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_ManagedIdentityClientIdNotGuid_NamesTheSetting()
    {
        // Arrange
        var options = new BlobStorageOptions { ServiceUri = new Uri("https://a.blob.core.windows.net"), ManagedIdentityClientId = "my-identity" };

        // Act
        var result = CreateSut().Validate(null, options);

        // Assert
        Assert.Equal("BackupStorage:ManagedIdentityClientId must be the identity's client id (a GUID).", Assert.Single(result.Failures!));
    }

    [Fact]
    public void Validate_ServiceUriWithManagedIdentity_Succeeds()
    {
        // Arrange
        var options = new BlobStorageOptions { ServiceUri = new Uri("https://a.blob.core.windows.net"), ManagedIdentityClientId = Guid.NewGuid().ToString() };

        // Act
        var result = CreateSut().Validate(null, options);

        // Assert
        Assert.True(result.Succeeded);
    }

    [Fact]
    public async Task AddBackupBlobStorage_InvalidContainerName_FailsOnStartNamingTheSetting()
    {
        // Arrange
        var azurite = await AzuriteServer.GetAsync();
        using var provider = Provider(("BackupStorage:ConnectionString", azurite.ConnectionString), ("BackupStorage:ContainerName", "Bad_Name"));

        // Act
        var error = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<IStartupValidator>().Validate());

        // Assert
        Assert.Contains("BackupStorage:ContainerName must be 3-63 lowercase letters", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AddBackupBlobStorage_ValidConfiguration_ResolvesOneSharedContainer()
    {
        // Arrange
        var azurite = await AzuriteServer.GetAsync();
        using var provider = Provider(("BackupStorage:ConnectionString", azurite.ConnectionString), ("BackupStorage:MaxConnections", "16"));

        // Act
        provider.GetRequiredService<IStartupValidator>().Validate();
        var first = provider.GetRequiredService<BlobContainer>();
        var second = provider.GetRequiredService<BlobContainer>();

        // Assert
        Assert.Same(first, second);
        Assert.Equal(BlobStorageOptions.DefaultContainerName, first.Name);
        Assert.Equal(new Uri(azurite.BlobEndpoint, $"{AzuriteServer.AccountName}/acc-backup"), first.Uri);
    }

    private static BlobStorageOptionsValidator CreateSut() => new();

    private static ServiceProvider Provider(params (string Key, string Value)[] settings)
    {
        var configuration = new ConfigurationBuilder()
            .AddInMemoryCollection(settings.Select(static s => new KeyValuePair<string, string?>(s.Key, s.Value)))
            .Build();
        return new ServiceCollection().AddLogging().AddBackupBlobStorage(configuration).BuildServiceProvider();
    }
}
