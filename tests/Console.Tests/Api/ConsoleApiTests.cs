using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.BackupConsole.Tests.Api;

/// <summary>The console's JSON over real HTTP, against what storage and the emulator hold after three real nights.</summary>
[Collection(ConsoleFixture.Collection)]
public sealed class ConsoleApiTests(ConsoleFixture fixture) : IDisposable
{
    private readonly HttpClient http = new() { BaseAddress = fixture.Console.Address };

    [Fact]
    public async Task Nights_AfterThreeRuns_ListsEveryRunWithItsManifestFigures()
    {
        var runs = await fixture.Runs.ListAsync(int.MaxValue, CancellationToken.None);

        var nights = (await http.GetFromJsonAsync<JsonElement>("data/nights")).GetProperty("nights").EnumerateArray().ToList();

        Assert.Equal(runs.Select(r => r.RunId), nights.Select(n => n.GetProperty("runId").GetString()));
        Assert.Equal(["night-3", "night-2", "night-1"], nights.Select(n => n.GetProperty("runId").GetString()));
        Assert.All(runs.Zip(nights), pair =>
        {
            var (run, night) = pair;
            Assert.Equal(run.Summary!.Files, night.GetProperty("files").GetInt64());
            Assert.Equal(run.Summary.Bytes, night.GetProperty("bytes").GetInt64());
            Assert.Equal(run.Summary.Failed, night.GetProperty("failed").GetInt64());
            Assert.Equal(run.Summary.SizeMismatchCount, night.GetProperty("sizeMismatches").GetInt64());
            Assert.Equal(run.Summary.Status, night.GetProperty("status").GetString());
        });
        Assert.Equal("CompletedWithErrors", nights[1].GetProperty("status").GetString());
    }

    [Fact]
    public async Task Night_WithFailures_ListsEveryFailedCarriedAndNotListedEntryOfItsManifest()
    {
        var manifest = await fixture.Manifests.ReadAsync("night-2", CancellationToken.None);
        var expected = manifest.Files
            .Where(e => e.Status is ManifestStatus.Failed or ManifestStatus.Carried or ManifestStatus.NotListed)
            .Select(e => (e.Path, ManifestStatusNames.Of(e.Status), e.Error)).Order().ToList();

        var night = await http.GetFromJsonAsync<JsonElement>("data/nights/night-2");

        var failures = night.GetProperty("failures").EnumerateArray()
            .Select(f => (f.GetProperty("path").GetString()!, f.GetProperty("status").GetString()!, f.GetProperty("error").GetString())).Order().ToList();
        Assert.Equal(expected, failures);
        Assert.Contains(failures, f => f.Item2 == "failed" && f.Item1.EndsWith("/added during the outage.txt", StringComparison.Ordinal));
        Assert.Contains(failures, f => f.Item2 == "carried" && f.Item1 == fixture.ChangedPath);
        Assert.Equal(manifest.Files.Count(e => e.SizeMismatch), night.GetProperty("mismatches").GetArrayLength());
    }

    [Fact]
    public async Task ManifestCsv_OfANight_IsTheStoredCsv()
    {
        var bytes = await http.GetByteArrayAsync("data/nights/night-2/manifest.csv");

        var manifest = await fixture.Manifests.ReadAsync("night-2", CancellationToken.None);
        var csv = System.Text.Encoding.UTF8.GetString(bytes);
        Assert.StartsWith("\uFEFFstatus,path,", csv, StringComparison.Ordinal);
        Assert.Equal(manifest.Files.Count + 1, csv.Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
    }

    [Fact]
    public async Task History_OfAChangedFile_ListsBothVersionsAndTheNightsHoldingEach()
    {
        var history = await http.GetFromJsonAsync<JsonElement>("data/history?path=" + Uri.EscapeDataString(fixture.ChangedPath));

        var versions = history.GetProperty("versions").EnumerateArray()
            .Select(v => (v.GetProperty("versionNumber").GetInt32(), string.Join(",", v.GetProperty("nights").EnumerateArray().Select(n => n.GetProperty("runId").GetString()))))
            .ToList();
        var tip = fixture.Truth.Single(f => f.ItemId == fixture.Changed.ItemId);
        Assert.Equal([(tip.VersionNumber, "night-3"), (fixture.Changed.VersionNumber, "night-1,night-2")], versions);
    }

    [Fact]
    public async Task Download_EachVersion_StreamsBytesWhoseSha256IsTheEmulators()
    {
        var tip = fixture.Truth.Single(f => f.ItemId == fixture.Changed.ItemId);

        using var response = await http.GetAsync($"data/download?path={Uri.EscapeDataString(fixture.ChangedPath)}&version={tip.VersionNumber}");

        response.EnsureSuccessStatusCode();
        var bytes = await response.Content.ReadAsByteArrayAsync();
        Assert.Equal(tip.Sha256, Convert.ToHexStringLower(SHA256.HashData(bytes)));
        Assert.Equal(bytes.Length, response.Content.Headers.ContentLength);
        Assert.Contains($".v{tip.VersionNumber}.pdf", response.Content.Headers.ContentDisposition?.FileNameStar, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Folder_AsOfADateBeforeNight3_IsNight2sAccount()
    {
        var night2 = await fixture.Manifests.ReadAsync("night-2", CancellationToken.None);
        var at = night2.Summary.FinishedAt.AddMilliseconds(1).ToString("O");
        var folder = fixture.Changed.FolderSegments;

        var listing = await http.GetFromJsonAsync<JsonElement>(
            $"data/folder?at={Uri.EscapeDataString(at)}&project={Uri.EscapeDataString(fixture.Changed.ProjectName)}&folder={Uri.EscapeDataString(string.Join('/', folder))}");

        Assert.Equal("night-2", listing.GetProperty("night").GetProperty("runId").GetString());
        var changed = listing.GetProperty("files").EnumerateArray().Single(f => f.GetProperty("path").GetString() == fixture.ChangedPath);
        Assert.Equal("carried", changed.GetProperty("status").GetString());
        Assert.Equal(fixture.Changed.VersionNumber, changed.GetProperty("versionNumber").GetInt32());
    }

    [Fact]
    public async Task Search_ByPartOfAName_FindsTheFile()
    {
        var name = fixture.Changed.DisplayName;

        var found = await http.GetFromJsonAsync<JsonElement>(
            $"data/search?night=night-3&project={Uri.EscapeDataString(fixture.Changed.ProjectName)}&q={Uri.EscapeDataString(name[..^4].ToUpperInvariant())}");

        Assert.Contains(found.GetProperty("files").EnumerateArray(), f => f.GetProperty("path").GetString() == fixture.ChangedPath);
    }

    [Theory]
    [InlineData("data/nights/no-such-night", HttpStatusCode.NotFound)]
    [InlineData("data/folder?at=2001-01-01T00:00:00Z&project=x", HttpStatusCode.NotFound)]
    [InlineData("data/folder?at=yesterday&project=x", HttpStatusCode.BadRequest)]
    [InlineData("data/folder?night=night-1", HttpStatusCode.BadRequest)]
    [InlineData("data/download?path=x&version=zero", HttpStatusCode.BadRequest)]
    [InlineData("data/download?path=nothing/here.rvt&version=1", HttpStatusCode.NotFound)]
    [InlineData("data/nights/bad%20id", HttpStatusCode.BadRequest)]
    [InlineData("assets/missing.js", HttpStatusCode.NotFound)]
    public async Task Get_BadOrUnknown_AnswersProblemNamingWhatToFix(string path, HttpStatusCode status)
    {
        using var response = await http.GetAsync(path);

        Assert.Equal(status, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task Get_WithAnotherHostName_IsRefused()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "data/nights");
        request.Headers.Host = "backup.attacker.example";

        using var response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
    }

    [Fact]
    public async Task Post_Anything_IsRefusedAsReadOnly()
    {
        using var response = await http.PostAsync("data/nights", new StringContent("{}"));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
    }

    public void Dispose() => http.Dispose();
}
