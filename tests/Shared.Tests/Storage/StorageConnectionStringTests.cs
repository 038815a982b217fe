using AccBackup.Storage;

namespace AccBackup.Tests.Storage;

public sealed class StorageConnectionStringTests
{
    private const string Key = "a2V5LWJ5dGVzLWZvci10ZXN0cw==";

    [Fact]
    public void Parse_UseDevelopmentStorage_TargetsPathStyleEmulatorWithWellKnownKey()
    {
        // Act
        var parsed = StorageConnectionString.Parse("UseDevelopmentStorage=true");

        // Assert
        Assert.Equal("devstoreaccount1", parsed.AccountName);
        Assert.Equal(new Uri("http://127.0.0.1:10000/devstoreaccount1"), parsed.BlobEndpoint);
        Assert.Equal(Convert.FromBase64String(StorageConnectionString.DevelopmentAccountKey), parsed.AccountKey);
    }

    [Fact]
    public void Parse_AccountWithSuffix_BuildsHostStyleEndpoint()
    {
        // Act
        var parsed = StorageConnectionString.Parse($"DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={Key};EndpointSuffix=core.chinacloudapi.cn");

        // Assert
        Assert.Equal(new Uri("https://acct.blob.core.chinacloudapi.cn"), parsed.BlobEndpoint);
        Assert.Equal("key-bytes-for-tests"u8.ToArray(), parsed.AccountKey);
    }

    [Fact]
    public void Parse_AccountWithoutSuffix_DefaultsToPublicCloud()
    {
        // Act
        var parsed = StorageConnectionString.Parse($"AccountName=acct;AccountKey={Key}");

        // Assert
        Assert.Equal(new Uri("https://acct.blob.core.windows.net"), parsed.BlobEndpoint);
    }

    [Fact]
    public void Parse_ExplicitPathStyleBlobEndpoint_KeepsItsPath()
    {
        // Act
        var parsed = StorageConnectionString.Parse($"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={Key};BlobEndpoint=http://127.0.0.1:41234/devstoreaccount1;");

        // Assert
        Assert.Equal(new Uri("http://127.0.0.1:41234/devstoreaccount1"), parsed.BlobEndpoint);
    }

    [Theory]
    [InlineData("", "it is empty")]
    [InlineData("AccountKey=" + Key, "missing AccountName")]
    [InlineData("AccountName=acct;SharedAccessSignature=sv=2024&sig=x", "SharedAccessSignature is not supported")]
    [InlineData("AccountName=acct;AccountKey=not*base64", "AccountKey is not valid base64")]
    [InlineData("AccountName=acct;AccountKey=" + Key + ";BlobEndpoint=ftp://x", "BlobEndpoint is not an absolute http(s) URI")]
    [InlineData("AccountName=acct;AccountName=other;AccountKey=" + Key, "AccountName appears more than once")]
    [InlineData("AccountName=acct;garbage", "segment 2 is not Name=Value")]
    [InlineData("UseDevelopmentStorage=false", "UseDevelopmentStorage must be 'true'")]
    public void TryParse_Invalid_ExplainsWithoutQuotingValues(string text, string expectedError)
    {
        // Act
        var parsed = StorageConnectionString.TryParse(text, out _, out var error);

        // Assert
        Assert.False(parsed);
        Assert.StartsWith(expectedError, error, StringComparison.Ordinal);
        Assert.DoesNotContain(Key, error, StringComparison.Ordinal);
    }

    [Fact]
    public void ToString_Always_OmitsTheKey()
    {
        // Act
        var text = StorageConnectionString.Parse($"AccountName=acct;AccountKey={Key}").ToString();

        // Assert
        Assert.DoesNotContain(Key, text, StringComparison.Ordinal);
        Assert.Contains("acct", text, StringComparison.Ordinal);
    }
}
