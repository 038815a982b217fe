using AccBackup.Testing;
using Deque.AxeCore.Playwright;
using Microsoft.Playwright;

namespace AccBackup.BackupConsole.Tests.Pages;

/// <summary>What the page tests do to a console page in the headless browser: open it at a width and wait until it is drawn,
/// read a table, check it with axe and for overflow, and take a screenshot.</summary>
internal static class ConsolePage
{
    /// <summary>Set to 1 to write the README's screenshots (docs/console-*.png) from this run.</summary>
    public const string UpdateScreenshotVariable = "ACC_BACKUP_UPDATE_SCREENSHOTS";

    /// <summary>A browser context at the console's default size that accepts downloads.</summary>
    public static Task<IBrowserContext> NewContextAsync(Browser browser) =>
        browser.Chromium.NewContextAsync(new() { ViewportSize = new() { Width = 1280, Height = 900 }, AcceptDownloads = true });

    /// <summary>Opens <paramref name="hash"/> of the console at <paramref name="width"/>, waits until it is drawn and asserts it shows no error.</summary>
    public static async Task<IPage> OpenAsync(IBrowserContext context, Uri console, string hash, int width, TimeSpan timeout)
    {
        var page = await context.NewPageAsync();
        page.SetDefaultTimeout((float)timeout.TotalMilliseconds);
        await page.SetViewportSizeAsync(width, 900);
        await page.GotoAsync(new Uri(console, hash).ToString());
        await ShownAsync(page);
        var error = page.Locator("[role=alert]");
        Assert.True(await error.CountAsync() == 0, await error.CountAsync() == 0 ? "" : await error.InnerTextAsync());
        return page;
    }

    /// <summary>Waits until the script has drawn the view of the page's current address (it marks the body when done).</summary>
    public static async Task ShownAsync(IPage page) =>
        await page.WaitForFunctionAsync("() => document.body.dataset.ready === (location.hash || '#/nights')");

    /// <summary>The text of each cell of each body row of <paramref name="table"/>.</summary>
    public static async Task<List<string[]>> RowsAsync(IPage page, string table)
    {
        var rows = page.Locator($"{table} tbody tr");
        var found = new List<string[]>();
        for (var i = 0; i < await rows.CountAsync(); i++)
        {
            found.Add([.. (await rows.Nth(i).Locator("th, td").AllInnerTextsAsync()).Select(t => t.Trim())]);
        }

        return found;
    }

    /// <summary>Axe's serious and critical violations on the page as shown, and any width it takes past <paramref name="width"/>.</summary>
    public static async Task<List<string>> FindingsAsync(IPage page, int width)
    {
        var hash = await page.EvaluateAsync<string>("location.hash");
        var result = await page.RunAxe();
        var findings = result.Violations
            .Where(v => v.Impact is "serious" or "critical")
            .Select(v => $"{hash}: {v.Impact} {v.Id}: {v.Help} ({string.Join("; ", v.Nodes.Select(n => n.Html))})")
            .ToList();
        var overflow = await page.EvaluateAsync<int>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
        if (overflow > 0)
        {
            findings.Add($"{hash}: the page is {overflow} px wider than {width} px");
        }

        return findings;
    }

    /// <summary>Takes a screenshot beside the test binaries, and into docs/ when <see cref="UpdateScreenshotVariable"/> is 1.</summary>
    public static async Task ScreenshotAsync(IPage page, string name, bool fullPage = false)
    {
        var bytes = await page.ScreenshotAsync(new() { Path = Path.Combine(AppContext.BaseDirectory, name), FullPage = fullPage });
        Assert.NotEmpty(bytes);
        if (Environment.GetEnvironmentVariable(UpdateScreenshotVariable) == "1")
        {
            await File.WriteAllBytesAsync(Path.Combine(RepoPaths.Root, "docs", name), bytes);
        }
    }
}
