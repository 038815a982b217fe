using AccBackup.Acc;
using AccBackup.Backup;
using AccBackup.Backup.Copying;
using AccBackup.Backup.SignedDownloads;
using AccBackup.Tests.Acc;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Backup.SignedDownloads;

/// <summary>Signed-URL GETs through the download client as registered (its real primary handler), against a real HTTP server.</summary>
public sealed class SourceReaderTests
{
    [Fact]
    public async Task ReadAsync_SourceRedirects_NotFollowedAndReportedWithItsTarget()
    {
        // Arrange: APS hands out a signed URL on the server, which answers it with 302 to another path.
        await using var server = await RedirectingApsServer.StartAsync();
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Aps:BaseUrl"] = server.BaseUrl.ToString(),
            ["Aps:ClientId"] = "demo-client",
            ["Aps:ClientSecret"] = "demo-secret",
            ["Aps:AccountId"] = ApsTestServices.AccountId,
            ["Aps:Quota:Enabled"] = "false",
        }).Build();
        await using var services = new ServiceCollection().AddLogging().AddCopyEngine(configuration).BuildServiceProvider();
        using var lease = new SignedUrlLease(services.GetRequiredService<ApsOssClient>(), new OssObject("wip.dm.prod", "a.rvt"), TimeProvider.System);
        var http = services.GetRequiredService<IHttpClientFactory>().CreateClient(BlobCopier.DownloadClientName);

        // Act
        var error = await Assert.ThrowsAsync<TransferException>(() => SourceReader.ReadAsync(http, lease, 0, new byte[10], ranged: false, CancellationToken.None));

        // Assert
        var origin = server.BaseUrl.GetLeftPart(UriPartial.Authority);
        Assert.Equal($"source answered 302, a redirect to {origin}; signed downloads never follow redirects", error.Message);
        Assert.Equal(0, server.Followed);
    }
}
