using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Control;

public sealed class TruthTests
{
    [Fact]
    public async Task Truth_EveryDemoFile_Sha256EqualsTheHashOfTheDownloadedBytes()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var files = (await aps.Server.Truth.GetFilesAsync()).Where(f => f.HasStorage).ToList();

        // Act
        var mismatches = new List<string>();
        foreach (var file in files)
        {
            var bytes = await aps.DownloadAsync(file);
            if (bytes.Length != file.ServedLength || Convert.ToHexStringLower(SHA256.HashData(bytes)) != file.Sha256)
            {
                mismatches.Add(file.Path);
            }
        }

        // Assert
        Assert.True(files.Count > 250);
        Assert.Empty(mismatches);
    }

    [Fact]
    public async Task TruthEndpoint_Get_ReturnsEveryFileAsJson()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var expected = await aps.Server.Truth.GetFilesAsync();

        // Act
        var truth = await aps.GetJsonAsync("_emulator/truth");

        // Assert
        Assert.Equal(aps.Server.HubId, truth.GetProperty("hubId").GetString());
        var files = truth.GetProperty("files").EnumerateArray().ToList();
        Assert.Equal(expected.Count, files.Count);
        var first = files[0];
        Assert.Equal(expected[0].Path, first.GetProperty("path").GetString());
        Assert.Equal(expected[0].Sha256, first.GetProperty("sha256").GetString());
        Assert.Equal(JsonValueKind.Array, first.GetProperty("folderSegments").ValueKind);
        var plans = files.First(f => !f.GetProperty("hasStorage").GetBoolean());
        Assert.Equal(JsonValueKind.Null, plans.GetProperty("storageSize").ValueKind);
    }

    [Fact]
    public async Task StatsEndpoint_AfterRequests_CountsByCategoryAndStatusAndResets()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await Endpoints.ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        aps.Server.ResetStats();
        await aps.GetJsonAsync("project/v1/hubs");
        using var missing = await aps.GetAsync($"data/v1/projects/{file.ProjectId}/folders/nope");
        await aps.DownloadAsync(file);

        // Act
        var stats = await aps.GetJsonAsync("_emulator/stats");
        using var reset = await aps.Http.PostAsync("_emulator/stats/reset", null);
        var after = aps.Server.GetStats();

        // Assert
        var requests = stats.GetProperty("requests");
        Assert.Equal(1, requests.GetProperty("Hubs").GetProperty("200").GetInt64());
        Assert.Equal(1, requests.GetProperty("Folder").GetProperty("404").GetInt64());
        Assert.Equal(1, requests.GetProperty("Oss").GetProperty("200").GetInt64());
        Assert.Equal(1, requests.GetProperty("Download").GetProperty("200").GetInt64());
        Assert.Equal(file.ServedLength, stats.GetProperty("contentBytesServed").GetInt64());
        Assert.Equal(0, after.TotalRequests - after.Count(AccEmulator.Endpoints.EndpointCategory.Control));
        Assert.Equal(0, after.ContentBytesServed);
    }

    [Fact]
    public async Task FaultsEndpoint_Put_ChangesFaultsAtRuntime()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        using var body = JsonContent.Create(new { endpoints = new { Hubs = new { tooManyRequestsBurst = 1 } } });

        // Act
        using var put = await aps.Http.PutAsync("_emulator/faults", body);
        using var limited = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.True(put.IsSuccessStatusCode, await put.Content.ReadAsStringAsync());
        Assert.Equal(429, (int)limited.StatusCode);
        Assert.Equal(1, aps.Server.Faults.Endpoints[AccEmulator.Endpoints.EndpointCategory.Hubs].TooManyRequestsBurst);
    }
}
