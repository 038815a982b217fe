using System.Net;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Writes;

public sealed class WriteQuotaTests
{
    [Fact]
    public void ApsLimits_WriteEndpoints_AreTheDataManagementRateLimits()
    {
        // Arrange
        var limits = QuotaOptions.ApsLimits;

        // Act
        int[] writes = [limits[EndpointCategory.CreateItem], limits[EndpointCategory.CreateFolder], limits[EndpointCategory.PatchFolder],
            limits[EndpointCategory.Storage], limits[EndpointCategory.CreateVersion], limits[EndpointCategory.Command], limits[EndpointCategory.Oss]];

        // Assert
        Assert.Equal([50, 50, 50, 300, 300, 300, 1000], writes);
    }

    [Fact]
    public async Task CreateFolder_FiftyFirstInAMinute_Returns429WithRetryAfter()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, top) = await aps.TopFoldersAsync();
        var projectFiles = top.Single(f => f.GetProperty("attributes").GetProperty("name").GetString() == "Project Files").GetProperty("id").GetString()!;
        for (var i = 0; i < 50; i++)
        {
            using var created = await WriteRequests.CreateFolderAsync(aps, projectId, projectFiles, $"Folder {i}");
            Assert.Equal(HttpStatusCode.Created, created.StatusCode);
        }

        // Act
        using var response = await WriteRequests.CreateFolderAsync(aps, projectId, projectFiles, "One too many");

        // Assert
        Assert.Equal(HttpStatusCode.TooManyRequests, response.StatusCode);
        Assert.NotNull(response.Headers.RetryAfter?.Delta);
        Assert.Equal(50, aps.Server.GetWriteStats().FoldersCreated);
    }
}
