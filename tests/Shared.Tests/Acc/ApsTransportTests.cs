using System.Net;
using AccBackup.Acc;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Acc;

/// <summary>The APS transport as registered (its real primary handler), against a real HTTP server.</summary>
public sealed class ApsTransportTests
{
    [Fact]
    public async Task GetJsonAsync_Redirect_NotFollowedAndReportedWithItsTarget()
    {
        // Arrange
        await using var server = await RedirectingApsServer.StartAsync();
        await using var services = ApsTestServices.Create(server.BaseUrl);
        var client = services.GetRequiredService<ApsDataClient>();

        // Act
        var error = await Assert.ThrowsAsync<ApsRequestException>(() => client.GetFolderAsync("b.p", "f", CancellationToken.None));

        // Assert
        Assert.Equal(HttpStatusCode.Redirect, error.Status);
        var origin = server.BaseUrl.GetLeftPart(UriPartial.Authority);
        Assert.Equal($"APS Folder answered 302, a redirect to {origin}; redirects are not followed. Check Aps:BaseUrl.", error.Message);
        Assert.Equal(0, server.Followed);
    }
}
