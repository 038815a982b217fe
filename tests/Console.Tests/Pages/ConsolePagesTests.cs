using System.Security.Cryptography;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using Microsoft.Playwright;
using static AccBackup.BackupConsole.Tests.Pages.ConsolePage;

namespace AccBackup.BackupConsole.Tests.Pages;

/// <summary>The console's pages in a real headless Chromium over the local console, after three real nights: what a person
/// sees matches storage and the emulator, and axe finds no serious or critical accessibility violation.</summary>
[Collection(ConsoleFixture.Collection)]
public sealed class ConsolePagesTests(ConsoleFixture fixture, Browser browser) : IClassFixture<Browser>, IAsyncLifetime
{
    private static readonly TimeSpan PageTimeout = TimeSpan.FromSeconds(60);

    private IBrowserContext context = null!;

    public async Task InitializeAsync() =>
        context = await NewContextAsync(browser);

    public async Task DisposeAsync() => await context.DisposeAsync();

    [Fact]
    public async Task NightsPage_AfterThreeRuns_ListsEveryRunAsStorageHoldsIt()
    {
        var page = await OpenAsync("#/nights");
        var runs = await fixture.Runs.ListAsync(int.MaxValue, CancellationToken.None);

        var rows = await RowsAsync(page, "#nights-table");

        Assert.Equal(runs.Select(r => r.RunId), rows.Select(r => r[0]));
        Assert.All(runs.Zip(rows), pair =>
        {
            Assert.Equal(pair.First.Summary!.Status, pair.Second[1]);
            Assert.Equal(pair.First.Summary.Files.ToString("N0", System.Globalization.CultureInfo.GetCultureInfo("en-US")), pair.Second[3]);
        });
        Assert.Equal(3, await page.Locator(".chart figure").CountAsync());
        Assert.Equal(runs.Count, await page.Locator(".chart figure").First.Locator("rect").CountAsync());
        await ScreenshotAsync(page, "console-nights.png");
    }

    [Fact]
    public async Task NightPage_NightWithFailures_FailuresTableMatchesItsManifest()
    {
        var manifest = await fixture.Manifests.ReadAsync("night-2", CancellationToken.None);
        var expected = manifest.Files
            .Where(e => e.Status is ManifestStatus.Failed or ManifestStatus.Carried or ManifestStatus.NotListed)
            .Select(e => $"{e.Path}|{ManifestStatusNames.Of(e.Status)}|{e.Error}").Order().ToList();

        var page = await OpenAsync("#/nights");
        await page.GetByRole(AriaRole.Link, new() { Name = "night-2", Exact = true }).ClickAsync();
        await ShownAsync(page);
        Assert.Equal("#/night/night-2", await page.EvaluateAsync<string>("location.hash"));

        var rows = await RowsAsync(page, "#failures-table");
        Assert.NotEmpty(expected);
        Assert.Equal(expected, rows.Select(r => $"{r[0]}|{r[1]}|{r[3]}").Order().ToList());
        Assert.Equal(manifest.Files.Count(e => e.SizeMismatch), (await RowsAsync(page, "#mismatches-table")).Count);
        var csv = await page.RunAndWaitForDownloadAsync(() => page.ClickAsync("#manifest-csv"));
        Assert.Equal("manifest-night-2.csv", csv.SuggestedFilename);
    }

    [Fact]
    public async Task BrowsePage_FolderToFile_ShowsEveryStoredVersionAndADownloadWithTheEmulatorsSha256()
    {
        var changed = fixture.Changed;
        var tip = fixture.Truth.Single(f => f.ItemId == changed.ItemId);
        var page = await OpenAsync("#/browse");
        await page.SelectOptionAsync("#project-select", changed.ProjectName);
        await page.ClickAsync("#browse-form button[type=submit]");
        await ShownAsync(page);

        // Down the folders by keyboard-reachable links, as a person would.
        foreach (var folder in changed.FolderSegments)
        {
            var link = page.Locator("#folder-list").GetByRole(AriaRole.Link, new() { Name = folder, Exact = true });
            await link.FocusAsync();
            await page.Keyboard.PressAsync("Enter");
            await ShownAsync(page);
            Assert.Equal(folder, await page.InnerTextAsync("[aria-current=location]"));
        }

        await page.GetByRole(AriaRole.Link, new() { Name = $"History of {changed.DisplayName}", Exact = true }).ClickAsync();
        await ShownAsync(page);

        var versions = await RowsAsync(page, "#history-table");
        Assert.Equal([$"v{tip.VersionNumber}", $"v{changed.VersionNumber}"], versions.Select(v => v[0]));
        Assert.Equal(tip.Sha256, versions[0][2]);
        Assert.Equal("night-3", versions[0][3]);
        Assert.Equal("night-1, night-2", versions[1][3]);

        var download = await page.RunAndWaitForDownloadAsync(() => page.GetByRole(AriaRole.Link, new() { Name = $"Download version {tip.VersionNumber}" }).ClickAsync());
        var saved = await download.PathAsync();
        Assert.Equal(tip.Sha256, Convert.ToHexStringLower(SHA256.HashData(await File.ReadAllBytesAsync(saved))));
    }

    [Fact]
    public async Task BrowsePage_SearchAsOfADate_FindsTheFileAsThatNightHeldIt()
    {
        var night1 = await fixture.Manifests.ReadAsync("night-1", CancellationToken.None);
        var page = await OpenAsync("#/browse");
        await page.FillAsync("#at-input", night1.Summary.FinishedAt.UtcDateTime.AddSeconds(1).ToString("yyyy-MM-ddTHH:mm:ss", System.Globalization.CultureInfo.InvariantCulture));
        await page.SelectOptionAsync("#project-select", fixture.Changed.ProjectName);
        await page.FillAsync("#search-input", fixture.Changed.DisplayName);
        await page.Keyboard.PressAsync("Enter");
        await ShownAsync(page);

        Assert.Contains("as of night-1", await page.InnerTextAsync("h1"), StringComparison.Ordinal);
        var rows = await RowsAsync(page, "#search-table");
        var row = rows.Single(r => r[0] == fixture.Changed.DisplayName);
        Assert.Equal(fixture.Changed.VersionNumber.ToString(System.Globalization.CultureInfo.InvariantCulture), row[3]);
    }

    [Theory]
    [InlineData(1280)]
    [InlineData(800)]
    public async Task EveryPage_AtWidth_AxeFindsNoSeriousOrCriticalViolationAndNothingOverflows(int width)
    {
        var pages = new[]
        {
            "#/nights",
            "#/night/night-2",
            $"#/browse?night=night-3&project={Uri.EscapeDataString(fixture.Changed.ProjectName)}&folder={Uri.EscapeDataString(string.Join('/', fixture.Changed.FolderSegments))}&file={Uri.EscapeDataString(fixture.ChangedPath)}",
            $"#/browse?night=night-3&project={Uri.EscapeDataString(fixture.Changed.ProjectName)}&q=pdf",
        };
        var findings = new List<string>();
        foreach (var hash in pages)
        {
            var page = await OpenAsync(hash, width);
            findings.AddRange(await FindingsAsync(page, width));

            if (width == 800 && hash == pages[2])
            {
                await ScreenshotAsync(page, "console-browse-800.png");
            }
        }

        Assert.True(findings.Count == 0, string.Join(Environment.NewLine, findings));
    }

    private Task<IPage> OpenAsync(string hash, int width = 1280) => ConsolePage.OpenAsync(context, fixture.Console.Address, hash, width, PageTimeout);
}
