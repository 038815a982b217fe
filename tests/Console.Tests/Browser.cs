using Microsoft.Playwright;

namespace AccBackup.BackupConsole.Tests;

/// <summary>A real headless Chromium driven by Playwright: Debian's <c>chromium</c> (scripts/test.sh installs it when missing),
/// or the executable <see cref="PathVariable"/> names.</summary>
public sealed class Browser : IAsyncLifetime
{
    /// <summary>The environment variable that overrides the browser's path.</summary>
    public const string PathVariable = "ACC_BACKUP_CHROMIUM";

    private const string DefaultPath = "/usr/bin/chromium";

    private IPlaywright? playwright;

    /// <summary>The launched browser.</summary>
    public IBrowser Chromium { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        var path = Environment.GetEnvironmentVariable(PathVariable) is { Length: > 0 } given ? given : DefaultPath;
        if (!File.Exists(path))
        {
            throw new InvalidOperationException($"No Chromium at {path}: install Debian's chromium package (scripts/test.sh does) or set {PathVariable}.");
        }

        playwright = await Playwright.CreateAsync();

        // --no-sandbox: the tests run as root in CI, where Chromium's sandbox refuses to start.
        Chromium = await playwright.Chromium.LaunchAsync(new() { ExecutablePath = path, Headless = true, Args = ["--no-sandbox"] });
    }

    public async Task DisposeAsync()
    {
        if (Chromium is not null)
        {
            await Chromium.DisposeAsync();
        }

        playwright?.Dispose();
    }
}
