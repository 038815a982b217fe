using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Quotas;

public sealed class QuotaTests
{
    [Fact]
    public async Task Hubs_OverQuota_Returns429WithRetryAfterAndApsBody()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(WithHubsLimit(3));
        await CallHubsAsync(aps, 3);

        // Act
        using var response = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.Equal(HttpStatusCode.TooManyRequests, response.StatusCode);
        var retryAfter = response.Headers.RetryAfter?.Delta;
        Assert.NotNull(retryAfter);
        Assert.InRange(retryAfter.Value, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(60));
        var body = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal("Quota limit exceeded.", body.GetProperty("developerMessage").GetString());
    }

    [Fact]
    public async Task Hubs_OverQuotaInOmitRetryAfterMode_Returns429WithoutRetryAfter()
    {
        // Arrange
        var options = WithHubsLimit(1);
        await using var aps = await TestEmulator.ConnectAsync(options with { Quotas = options.Quotas with { OmitRetryAfter = true } });
        await CallHubsAsync(aps, 1);

        // Act
        using var response = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.Equal(HttpStatusCode.TooManyRequests, response.StatusCode);
        Assert.False(response.Headers.Contains("Retry-After"));
    }

    [Fact]
    public async Task Hubs_AfterTheWindow_AreAllowedAgain()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        await using var aps = await TestEmulator.ConnectAsync(WithHubsLimit(2, clock));
        await CallHubsAsync(aps, 2);
        using var limited = await aps.GetAsync("project/v1/hubs");

        // Act
        clock.Advance(limited.Headers.RetryAfter!.Delta!.Value);
        using var response = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.Equal(HttpStatusCode.TooManyRequests, limited.StatusCode);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Fact]
    public async Task Tip_DefaultQuotas_AllowApsFiftyPerMinute()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await Endpoints.ItemEndpointsTests.FileAsync(aps, "Specifications.docx");
        var url = $"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}/tip";

        // Act
        var statuses = new List<HttpStatusCode>();
        for (var i = 0; i < 51; i++)
        {
            using var response = await aps.GetAsync(url);
            statuses.Add(response.StatusCode);
        }

        // Assert
        Assert.All(statuses[..50], s => Assert.Equal(HttpStatusCode.OK, s));
        Assert.Equal(HttpStatusCode.TooManyRequests, statuses[50]);
    }

    [Fact]
    public async Task Hubs_QuotasDisabled_NeverAnswer429()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { Quotas = QuotaOptions.Disabled });

        // Act
        var statuses = await CallHubsAsync(aps, 60);

        // Assert
        Assert.All(statuses, s => Assert.Equal(HttpStatusCode.OK, s));
    }

    [Fact]
    public async Task Download_UnderAnExhaustedOssQuota_IsNotLimited()
    {
        // Arrange
        var options = TestEmulator.Options();
        await using var aps = await TestEmulator.ConnectAsync(options with
        {
            Quotas = new QuotaOptions { Limits = new Dictionary<EndpointCategory, int> { [EndpointCategory.Oss] = 1 } },
        });
        var file = await Endpoints.ItemEndpointsTests.FileAsync(aps, "Specifications.docx");
        var url = (await aps.SignDownloadAsync(file.StorageId!)).GetProperty("url").GetString();
        using var http = new HttpClient();

        // Act
        var statuses = new List<HttpStatusCode>();
        for (var i = 0; i < 5; i++)
        {
            using var response = await http.GetAsync(url);
            statuses.Add(response.StatusCode);
        }

        // Assert
        Assert.All(statuses, s => Assert.Equal(HttpStatusCode.OK, s));
    }

    private static EmulatorOptions WithHubsLimit(int limit, ManualTimeProvider? clock = null) =>
        TestEmulator.Options(clock) with
        {
            Quotas = new QuotaOptions { Limits = new Dictionary<EndpointCategory, int> { [EndpointCategory.Hubs] = limit } },
        };

    private static async Task<List<HttpStatusCode>> CallHubsAsync(ApsTestClient aps, int count)
    {
        var statuses = new List<HttpStatusCode>();
        for (var i = 0; i < count; i++)
        {
            using var response = await aps.GetAsync("project/v1/hubs");
            statuses.Add(response.StatusCode);
        }

        return statuses;
    }
}
