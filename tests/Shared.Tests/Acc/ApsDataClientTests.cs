using System.Net;
using AccBackup.Acc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Acc;

[Trait("Category", "Unit")]
public sealed class ApsDataClientTests
{
    private static readonly Uri BaseUrl = new("https://aps.test/");

    [Fact]
    public async Task ListFolderContentsAsync_TwoPages_FollowsNextAndTakesTipsFromIncluded()
    {
        using var stub = new StubApsHandler((request, n) => StubApsHandler.Json(request.RequestUri!.Query.Contains("page%5Bnumber%5D=1", StringComparison.Ordinal)
            ? Page(next: null, ("items", "urn:i2", "big.rvt", """{"storageSize":3221225472}"""))
            : Page(next: "https://aps.test/data/v1/projects/b.p/folders/f/contents?page%5Bnumber%5D=1&page%5Blimit%5D=200", ("folders", "urn:f1", "Sub", null), ("items", "urn:i1", "plan.pdf", null))));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var entries = await client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync();

        Assert.Collection(entries,
            e => Assert.Equal("Sub", Assert.IsType<AccFolder>(e).Name),
            e => Assert.Null(Assert.IsType<AccFile>(e).Tip!.Storage),
            e => Assert.Equal(3221225472L, Assert.IsType<AccFile>(e).Tip!.StorageSize));
        Assert.Equal(2, stub.Requests.Count);
    }

    [Fact]
    public async Task ListFolderContentsAsync_NextLinkWithOnlyPageNumber_ReappliesLimitAndIncludeHidden()
    {
        using var stub = new StubApsHandler((request, n) => StubApsHandler.Json(n == 1
            ? Page(next: "https://aps.test/data/v1/projects/b.p/folders/f/contents?page%5Bnumber%5D=1", ("items", "urn:i1", "a.pdf", null))
            : Page(next: null, ("items", "urn:i2", "b.pdf", null))));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var entries = await client.ListFolderContentsAsync("b.p", "f", true, CancellationToken.None).ToListAsync();

        Assert.Equal(2, entries.Count);
        Assert.EndsWith("/contents?page%5Bnumber%5D=1&page%5Blimit%5D=200&includeHidden=true", stub.Requests.ElementAt(1), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ListFolderContentsAsync_HostRelativeNextLink_FollowsItOnTheApiHost()
    {
        // Arrange: the reference's examples write links.next.href as a path; on Linux Uri reads it as file:///data/….
        using var stub = new StubApsHandler((request, n) => StubApsHandler.Json(n == 1
            ? Page(next: "/data/v1/projects/b.p/folders/f/contents?page%5Bnumber%5D=1", ("items", "urn:i1", "a.pdf", null))
            : Page(next: null, ("items", "urn:i2", "b.pdf", null))));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        // Act
        var entries = await client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync();

        // Assert
        Assert.Equal(["a.pdf", "b.pdf"], entries.Select(e => e.Name));
        Assert.Equal("/data/v1/projects/b.p/folders/f/contents?page%5Bnumber%5D=1&page%5Blimit%5D=200&includeHidden=false", stub.Requests.ElementAt(1));
    }

    [Theory]
    [InlineData("https://elsewhere.test/data/v1/projects/b.p/folders/f/contents?page%5Bnumber%5D=1", "https://elsewhere.test")]
    [InlineData("//elsewhere.test/data/v1/projects/b.p/folders/f/contents?page%5Bnumber%5D=1", "https://elsewhere.test")]
    [InlineData("http://aps.test/data/v1/projects/b.p/folders/f/contents?page%5Bnumber%5D=1", "http://aps.test")]
    public async Task ListFolderContentsAsync_NextLinkToAnotherHost_RefusedWithoutSendingIt(string next, string named)
    {
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json(Page(next, ("items", "urn:i1", "a.pdf", null))));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var error = await Assert.ThrowsAsync<ApsResponseException>(() => client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync().AsTask());

        Assert.Contains($"returned a link to another host ({named})", error.Message, StringComparison.Ordinal);
        Assert.Single(stub.Requests);
    }

    [Fact]
    public async Task ListFolderContentsAsync_PageLargerThanTheLimit_RefusedNamingTheLimit()
    {
        // Arrange: a page padded past 8 MiB (a real page of 200 entries is about 1 MiB).
        var padding = new string(' ', ApsResponseBody.MaxJsonBytes);
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json(Page(null, ("items", "urn:i1", "a.pdf", null)) + padding));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        // Act
        var error = await Assert.ThrowsAsync<ApsResponseException>(() => client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync().AsTask());

        // Assert
        Assert.Equal("APS FolderContents returned a body larger than 8 MiB; refusing to read it.", error.Message);
    }

    [Fact]
    public async Task GetFolderAsync_ErrorBodyLargerThanTheLimit_FailsWithTheStatusWithoutReadingIt()
    {
        var body = """{"errors":[{"code":"BAD","detail":"x"}]}""" + new string(' ', ApsResponseBody.MaxErrorBytes);
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json(body, HttpStatusCode.BadRequest));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var error = await Assert.ThrowsAsync<ApsRequestException>(() => client.GetFolderAsync("b.p", "f", CancellationToken.None));

        Assert.Equal("APS Folder answered 400 (an error body over 64 KiB, not read).", error.Message);
    }

    [Fact]
    public async Task ListFolderContentsAsync_MalformedJson_ThrowsErrorNamingEndpoint()
    {
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json("{\"data\": [ {\"type\": "));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var error = await Assert.ThrowsAsync<ApsResponseException>(() => client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync().AsTask());

        Assert.Equal(ApsEndpoint.FolderContents, error.Endpoint);
        Assert.Contains("FolderContents", error.Message, StringComparison.Ordinal);
        Assert.Contains("malformed JSON", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ListFolderContentsAsync_ItemWithoutAttributes_ThrowsErrorNamingField()
    {
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json("""{"data":[{"type":"items","id":"urn:x"}]}"""));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var error = await Assert.ThrowsAsync<ApsResponseException>(() => client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync().AsTask());

        Assert.Contains("'attributes'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ListFolderContentsAsync_NextLinkToAnotherHost_IsRefused()
    {
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json(Page(next: "https://evil.test/steal?page%5Bnumber%5D=1")));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var error = await Assert.ThrowsAsync<ApsResponseException>(() => client.ListFolderContentsAsync("b.p", "f", false, CancellationToken.None).ToListAsync().AsTask());

        Assert.Contains("evil.test", error.Message, StringComparison.Ordinal);
        Assert.Single(stub.Requests);
    }

    [Fact]
    public async Task GetFolderAsync_429WithRetryAfterThenOk_RetriesAndSucceeds()
    {
        using var stub = new StubApsHandler((_, n) => n == 1
            ? Throttled("0")
            : StubApsHandler.Json("""{"data":{"type":"folders","id":"urn:f","attributes":{"name":"A","lastModifiedTimeRollup":"2026-01-02T03:04:05.000Z"}}}"""));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var folder = await client.GetFolderAsync("b.p", "urn:f", CancellationToken.None);

        Assert.Equal(new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.Zero), folder.LastModifiedTimeRollup);
        Assert.Equal(2, stub.Requests.Count);
    }

    [Fact]
    public async Task GetFolderAsync_429WithoutRetryAfter_BacksOffAndSucceeds()
    {
        using var stub = new StubApsHandler((_, n) => n <= 2
            ? Throttled(null)
            : StubApsHandler.Json("""{"data":{"type":"folders","id":"urn:f","attributes":{"name":"A"}}}"""));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var folder = await client.GetFolderAsync("b.p", "urn:f", CancellationToken.None);

        Assert.Equal("A", folder.Name);
        Assert.Equal(3, stub.Requests.Count);
    }

    [Fact]
    public async Task GetFolderAsync_Persistent503_ThrowsUnavailableWhenTheStormBudgetIsSpent()
    {
        using var stub = new StubApsHandler((_, _) => new HttpResponseMessage(HttpStatusCode.ServiceUnavailable));
        var time = new FakeTimeProvider();
        await using var services = ApsTestServices.Create(BaseUrl, stub, new Dictionary<string, string?> { ["Aps:Retry:MaxDuration"] = "00:00:02" }, time);
        var client = services.GetRequiredService<ApsDataClient>();

        var call = Assert.ThrowsAsync<ApsUnavailableException>(() => client.GetFolderAsync("b.p", "urn:f", CancellationToken.None));
        for (var step = 0; !call.IsCompleted && step < 1_000; step++) // 10 s of the fake clock at most: five budgets
        {
            await Task.Delay(1); // lets the retry reach its next back-off before the clock moves on
            time.Advance(TimeSpan.FromMilliseconds(10));
        }

        var error = await call;

        Assert.Equal(HttpStatusCode.ServiceUnavailable, error.Status);
        Assert.Contains("retrying longer than Aps:Retry:MaxDuration (00:00:02)", error.Message, StringComparison.Ordinal);
        Assert.InRange(stub.Requests.Count, 3, 100);
    }

    [Fact]
    public async Task GetFolderAsync_404_FailsFastWithDetail()
    {
        using var stub = new StubApsHandler((_, _) => StubApsHandler.Json("""{"jsonapi":{"version":"1.0"},"errors":[{"id":"1","status":"404","code":"NOT_FOUND","detail":"Folder not found"}]}""", HttpStatusCode.NotFound));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var error = await Assert.ThrowsAsync<ApsRequestException>(() => client.GetFolderAsync("b.p", "urn:f", CancellationToken.None));

        Assert.Contains("Folder not found", error.Message, StringComparison.Ordinal);
        Assert.Single(stub.Requests);
    }

    [Fact]
    public async Task GetFolderAsync_401Once_RefreshesTokenAndRetries()
    {
        using var stub = new StubApsHandler((request, n) => n == 1
            ? new HttpResponseMessage(HttpStatusCode.Unauthorized)
            : StubApsHandler.Json($$$"""{"data":{"type":"folders","id":"urn:f","attributes":{"name":"{{{request.Headers.Authorization!.Parameter}}}"} } }"""));
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var folder = await client.GetFolderAsync("b.p", "urn:f", CancellationToken.None);

        Assert.Equal("token-2", folder.Name);
        Assert.Equal(2, stub.TokenRequests);
    }

    [Fact]
    public async Task GetFolderAsync_CredentialsRejected_ThrowsAuthenticationErrorNamingSettings()
    {
        using var stub = new StubApsHandler((_, _) => new HttpResponseMessage(HttpStatusCode.OK)) { TokenStatus = HttpStatusCode.Unauthorized };
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var client = services.GetRequiredService<ApsDataClient>();

        var error = await Assert.ThrowsAsync<ApsAuthenticationException>(() => client.GetFolderAsync("b.p", "urn:f", CancellationToken.None));

        Assert.Contains("Aps:ClientId", error.Message, StringComparison.Ordinal);
        Assert.Equal(1, stub.TokenRequests);
    }

    [Theory]
    [InlineData("Aps:AccountId", "not-a-guid", "Aps:AccountId")]
    [InlineData("Aps:BaseUrl", "http://aps.example.com/", "Aps:BaseUrl must be https (plain http only for a loopback host such as 127.0.0.1, e.g. a local emulator); got http://aps.example.com.")]
    [InlineData("Aps:BaseUrl", "http://10.0.0.5:5080/", "Aps:BaseUrl must be https")]
    [InlineData("Aps:SignedUrlMinutes", "90", "SignedUrlMinutes")]
    [InlineData("Aps:ClientSecret", "", "ClientSecret")]
    [InlineData("Aps:Scopes", "data:write", "Aps:Scopes")]
    [InlineData("Aps:Quota:Share", "5", "Aps:Quota:Share must be between 0.1 and 1.")]
    [InlineData("Aps:Retry:MaxDelay", "00:00:00", "Aps:Retry:MaxDelay must be between")]
    [InlineData("Aps:Retry:BaseDelay", "00:01:00", "Aps:Retry:BaseDelay (00:01:00) must not exceed Aps:Retry:MaxDelay")]
    [InlineData("Aps:StormBudget", "00:01:00", "Aps:StormBudget is no longer read: it is now Aps:Retry:MaxDuration (Aps__Retry__MaxDuration as an environment variable")]
    [InlineData("Aps:QuotaShare", "0.5", "Aps:QuotaShare is no longer read: it is now Aps:Quota:Share")]
    [InlineData("Aps:RateLimitingEnabled", "false", "Aps:RateLimitingEnabled is no longer read: it is now Aps:Quota:Enabled")]
    public async Task Options_Invalid_ValidationNamesTheSetting(string key, string value, string named)
    {
        await using var services = ApsTestServices.Create(BaseUrl, settings: new Dictionary<string, string?> { [key] = value });

        var error = Assert.Throws<OptionsValidationException>(() => services.GetRequiredService<IOptions<ApsOptions>>().Value);

        Assert.Contains(named, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Options_QuotaAndRetrySections_BindTheirSettings()
    {
        await using var services = ApsTestServices.Create(BaseUrl, settings: new Dictionary<string, string?>
        {
            ["Aps:Quota:Share"] = "0.5", ["Aps:Quota:Scope"] = "Process", ["Aps:Quota:Enabled"] = "false", ["Aps:Quota:Window"] = "00:00:10",
            ["Aps:Retry:MaxDuration"] = "00:00:07", ["Aps:Retry:BaseDelay"] = "00:00:00.2", ["Aps:Retry:MaxDelay"] = "00:00:03", ["Aps:Retry:WarnAfter"] = "00:00:04",
        });

        var options = services.GetRequiredService<IOptions<ApsOptions>>().Value;

        Assert.Equal((0.5, false, TimeSpan.FromSeconds(10)), (options.Quota.Share, options.Quota.Enabled, options.Quota.Window));
        Assert.Equal(
            (TimeSpan.FromSeconds(7), TimeSpan.FromMilliseconds(200), TimeSpan.FromSeconds(3), TimeSpan.FromSeconds(4)),
            (options.Retry.MaxDuration, options.Retry.BaseDelay, options.Retry.MaxDelay, options.Retry.WarnAfter));
    }

    private static HttpResponseMessage Throttled(string? retryAfter)
    {
        var response = StubApsHandler.Json("""{"developerMessage":"Quota limit exceeded."}""", HttpStatusCode.TooManyRequests);
        if (retryAfter is not null)
        {
            response.Headers.TryAddWithoutValidation("Retry-After", retryAfter);
        }

        return response;
    }

    private static string Page(string? next, params (string Type, string Id, string Name, string? VersionAttributes)[] entries)
    {
        var data = entries.Select(e => e.Type == "folders"
            ? $$$"""{"type":"folders","id":"{{{e.Id}}}","attributes":{"name":"{{{e.Name}}}","displayName":"{{{e.Name}}}"}}"""
            : $$$"""{"type":"items","id":"{{{e.Id}}}","attributes":{"displayName":"{{{e.Name}}}"},"relationships":{"tip":{"data":{"type":"versions","id":"{{{e.Id}}}?version=1"} } } }""");
        var included = entries.Where(e => e.Type == "items").Select(e =>
        {
            var storage = e.VersionAttributes is null ? string.Empty
                : $$$""","relationships":{"storage":{"data":{"type":"objects","id":"urn:adsk.objects:os.object:wip.dm.prod/{{{e.Name}}}"} } }""";
            var attributes = e.VersionAttributes ?? """{"versionNumber":1}""";
            return $$$"""{"type":"versions","id":"{{{e.Id}}}?version=1","attributes":{{{attributes}}}{{{storage}}}}""";
        });
        var links = next is null ? """{"self":{"href":"x"}}""" : $$$"""{"next":{"href":"{{{next}}}"}}""";
        return $$$"""{"jsonapi":{"version":"1.0"},"links":{{{links}}},"data":[{{{string.Join(',', data)}}}],"included":[{{{string.Join(',', included)}}}]}""";
    }
}
