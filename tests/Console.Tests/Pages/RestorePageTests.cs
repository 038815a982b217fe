using AccBackup.Manifest;
using AccBackup.Testing;
using AccEmulator.Control;
using Microsoft.Playwright;
using static AccBackup.BackupConsole.Tests.Pages.ConsolePage;

namespace AccBackup.BackupConsole.Tests.Pages;

/// <summary>The Restore page in a real headless Chromium over the local console (which runs the restore in its own process):
/// a folder picked in Browse, planned into another folder, applied and followed to its record, against the emulator's truth.</summary>
[Collection(ConsoleFixture.Collection)]
public sealed class RestorePageTests(ConsoleFixture fixture, Browser browser) : IClassFixture<Browser>, IAsyncLifetime
{
    private IBrowserContext context = null!;

    public async Task InitializeAsync() =>
        context = await NewContextAsync(browser);

    public async Task DisposeAsync() => await context.DisposeAsync();

    [Fact]
    public async Task RestorePage_FolderIntoAnotherFolder_PlannedAppliedAndFollowedLeavesAccAsThePlanSaid()
    {
        var changed = fixture.Changed;
        var folder = string.Join('/', changed.FolderSegments);
        // Another project: within its own project a file still there is restored in its own place, whatever the target.
        var other = fixture.Truth.Where(f => f.ProjectName != changed.ProjectName && f.FolderSegments.Count > 0).OrderBy(f => f.ItemId, StringComparer.Ordinal).First();
        var target = $"{other.ProjectName}/{other.FolderSegments[0]}/Restored by the console";
        var night3 = await fixture.Manifests.ReadAsync("night-3", CancellationToken.None);
        var selected = night3.Files
            .Where(e => !e.EarlierVersion && e.Status is not (ManifestStatus.Deleted or ManifestStatus.Moved) && e.Path.StartsWith($"{changed.ProjectName}/{folder}/", StringComparison.Ordinal))
            .ToDictionary(e => e.Path, StringComparer.Ordinal);
        var before = await fixture.Emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None);
        var writesBefore = fixture.Emulator.GetWriteStats();

        // Browse to the folder, then its restore link: the form comes filled with the folder and the night.
        var page = await OpenAsync($"#/browse?night=night-3&project={Uri.EscapeDataString(changed.ProjectName)}&folder={Uri.EscapeDataString(folder)}");
        await page.ClickAsync("#restore-folder");
        await ShownAsync(page);
        Assert.Equal($"{changed.ProjectName}/{folder}", await page.InputValueAsync("#restore-path"));
        Assert.Equal("night-3", await page.InputValueAsync("#restore-night"));
        Assert.Contains("stays a command-line job", await page.InnerTextAsync("#local-note"), StringComparison.Ordinal);

        // The target by keyboard: the radio, then the folder, then Enter submits the form.
        await page.FocusAsync("#restore-elsewhere");
        await page.Keyboard.PressAsync("Space");
        await page.FocusAsync("#restore-target");
        await page.Keyboard.TypeAsync(target);
        await page.Keyboard.PressAsync("Enter");
        await PhaseAsync(page, "planned");

        var counts = (await RowsAsync(page, "#plan-counts-table")).ToDictionary(r => r[0], r => int.Parse(r[2], System.Globalization.NumberStyles.AllowThousands, System.Globalization.CultureInfo.InvariantCulture));
        var planned = await RowsAsync(page, "#plan-files-table");
        Assert.True(counts.ContainsKey("UploadNewFile"), string.Join(Environment.NewLine, planned.Select(r => string.Join(" | ", r))));
        Assert.Equal(selected.Keys.Order(StringComparer.Ordinal), planned.Select(r => r[0]).Order(StringComparer.Ordinal));
        Assert.Equal(selected.Count, counts["UploadNewFile"]);
        Assert.All(planned, r => Assert.Equal("UploadNewFile", r[1]));
        Assert.Contains("Least time at APS quotas", await page.InnerTextAsync("#plan-figures"), StringComparison.Ordinal);
        var writesPlanned = fixture.Emulator.GetWriteStats();
        Assert.Equal(
            (writesBefore.ItemsCreated, writesBefore.FoldersCreated, writesBefore.VersionsCreated, writesBefore.UploadedBytes),
            (writesPlanned.ItemsCreated, writesPlanned.FoldersCreated, writesPlanned.VersionsCreated, writesPlanned.UploadedBytes));

        await page.FocusAsync("#apply-button");
        await page.Keyboard.PressAsync("Enter");
        await PhaseAsync(page, "done");

        // ACC's truth as the plan said: every planned file uploaded under the target with the night's bytes, nothing else changed.
        var after = await fixture.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
        var targetInProject = target[(other.ProjectName.Length + 1)..];
        var restored = after.Where(f => f.ProjectName == other.ProjectName && f.Path.StartsWith(targetInProject + "/", StringComparison.Ordinal)).ToList();
        var expected = planned.Select(r => ($"{r[2].TrimEnd('/')}/{r[0][(r[0].LastIndexOf('/') + 1)..]}", selected[r[0]].Sha256)).Order().ToList();
        Assert.Equal(expected, restored.Select(f => ($"{f.ProjectName}/{f.Path}", f.Sha256)).Order().ToList());
        Assert.Equal(before.Select(f => (f.ItemId, f.VersionId)).Order(), after.Where(f => !restored.Contains(f)).Select(f => (f.ItemId, f.VersionId)).Order());
        Assert.Equal(selected.Count, fixture.Emulator.GetWriteStats().ItemsCreated - writesBefore.ItemsCreated);

        var record = await RowsAsync(page, "#record-table");
        Assert.Equal([("UploadNewFile", selected.Count.ToString(System.Globalization.CultureInfo.InvariantCulture))], record.Select(r => (r[0], r[2])));
        var csv = await page.RunAndWaitForDownloadAsync(() => page.ClickAsync("#record-csv"));
        Assert.Equal(selected.Count + 1, (await File.ReadAllLinesAsync(await csv.PathAsync())).Length);
    }

    [Theory]
    [InlineData(1280)]
    [InlineData(800)]
    public async Task RestorePages_AtWidth_AxeFindsNoSeriousOrCriticalViolationAndNothingOverflows(int width)
    {
        var changed = fixture.Changed;
        var form = await OpenAsync($"#/restore?project={Uri.EscapeDataString(changed.ProjectName)}&path={Uri.EscapeDataString(fixture.ChangedPath)}&version={changed.VersionNumber}", width);
        var findings = await FindingsAsync(form, width);

        // A plan only (nothing written): the file back in place from night-1.
        await form.SelectOptionAsync("#restore-night", "night-1");
        await form.FillAsync("#restore-version", "");
        await form.ClickAsync("#restore-form button[type=submit]");
        await PhaseAsync(form, "planned");
        findings.AddRange(await FindingsAsync(form, width));
        if (width == 1280)
        {
            await ScreenshotAsync(form, "console-restore.png", fullPage: true);
        }

        Assert.True(findings.Count == 0, string.Join(Environment.NewLine, findings));
    }

    private Task<IPage> OpenAsync(string hash, int width = 1280) => ConsolePage.OpenAsync(context, fixture.Console.Address, hash, width, TestWaits.Signal);

    /// <summary>Waits until the restore shown reaches <paramref name="phase"/> (the page follows it by itself); a failure shows why.</summary>
    private static async Task PhaseAsync(IPage page, string phase)
    {
        await page.WaitForSelectorAsync($"#restore-phase[data-phase={phase}], #restore-phase[data-phase=failed], [role=alert]", new() { Timeout = (float)TestWaits.Run.TotalMilliseconds });
        var shown = page.Locator("#restore-phase");
        Assert.True(await shown.CountAsync() == 1 && await shown.GetAttributeAsync("data-phase") == phase, await page.InnerTextAsync("main"));
    }
}
