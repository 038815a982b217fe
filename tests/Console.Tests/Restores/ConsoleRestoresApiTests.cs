using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AccBackup.Manifest.Catalog;

namespace AccBackup.BackupConsole.Tests.Restores;

/// <summary>The Restore page's writes over real HTTP against the local console (restores in its own process): what it refuses
/// and why, before anything reaches ACC.</summary>
[Collection(ConsoleFixture.Collection)]
public sealed class ConsoleRestoresApiTests(ConsoleFixture fixture) : IDisposable
{
    private readonly HttpClient http = new() { BaseAddress = fixture.Console.Address };

    [Fact]
    public async Task Plan_WhileABackupRunIsWritingItsState_Is409NamingTheRun()
    {
        var working = RunLayout.FolderState("night-4", "project-1");
        await fixture.State.UploadAsync(working, Encoding.UTF8.GetBytes("{}\n"), null, CancellationToken.None);
        try
        {
            using var response = await http.SendAsync(Post("data/restores", $$"""{"project":"{{fixture.Changed.ProjectName}}"}"""));

            Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
            var problem = await response.Content.ReadFromJsonAsync<JsonElement>();
            Assert.Equal("BackupRunning", problem.GetProperty("reason").GetString());
            Assert.Contains("night-4", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        }
        finally
        {
            await fixture.State.DeleteIfExistsAsync(working, CancellationToken.None);
        }
    }

    [Theory]
    [InlineData("""{"target":"Demo Tower"}""", "project")]
    [InlineData("""{"project":"Demo Tower","target":"Demo Tower"}""", "target")]
    [InlineData("""{"project":"Demo Tower","version":2}""", "path")]
    [InlineData("""{"project":"Demo Tower","night":"night-1","at":"2026-11-20T06:00:00Z"}""", "night")]
    [InlineData("""{"project":"Demo Tower","at":"yesterday"}""", "at")]
    [InlineData("""{"project":"Demo Tower","version":"two"}""", "version")]
    public async Task Plan_BadField_Is400NamingIt(string body, string field)
    {
        using var response = await http.SendAsync(Post("data/restores", body));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(field, (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("field").GetString());
    }

    [Fact]
    public async Task Plan_FromAnotherSitesPage_IsRefused()
    {
        using var withoutHeader = new HttpRequestMessage(HttpMethod.Post, "data/restores") { Content = new StringContent("""{"project":"Demo Tower"}""", Encoding.UTF8, "application/json") };
        using var fromElsewhere = Post("data/restores", """{"project":"Demo Tower"}""");
        fromElsewhere.Headers.Add("Origin", "https://attacker.example");

        using var first = await http.SendAsync(withoutHeader);
        using var second = await http.SendAsync(fromElsewhere);

        Assert.Equal((HttpStatusCode.Forbidden, HttpStatusCode.Forbidden), (first.StatusCode, second.StatusCode));
    }

    [Fact]
    public async Task ApplyAndGet_ARestoreNeverPlanned_AreRefusedSayingSo()
    {
        using var apply = await http.SendAsync(Post("data/restores/console-never/apply", "{}"));
        using var get = await http.GetAsync("data/restores/console-never");

        Assert.Equal(HttpStatusCode.Conflict, apply.StatusCode);
        Assert.Equal("NotPlanned", (await apply.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("reason").GetString());
        Assert.Equal(HttpStatusCode.NotFound, get.StatusCode);
    }

    public void Dispose() => http.Dispose();

    private static HttpRequestMessage Post(string path, string json)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new StringContent(json, Encoding.UTF8, "application/json") };
        request.Headers.Add("X-Requested-With", "XMLHttpRequest");
        return request;
    }
}
