using System.Security.Cryptography;
using AccBackup.Acc;
using AccBackup.Issues;
using AccBackup.Tests.Modules;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Issues;

/// <summary>The service account's token against the emulator's JWT-bearer exchange: signed, cached, renewed before expiry, refused clearly.</summary>
public sealed class SsaTokenProviderTests
{
    [Fact]
    public async Task GetTokenAsync_RegisteredKey_ExchangesOnceAndCaches()
    {
        await using var host = await ModulesHost.StartAsync();
        var tokens = host.Services.GetRequiredService<SsaTokenProvider>();

        var first = await tokens.GetTokenAsync(CancellationToken.None);
        var second = await tokens.GetTokenAsync(CancellationToken.None);

        Assert.Equal(first, second);
        Assert.Equal(1, host.Emulator.GetStats().Count(EndpointCategory.Token, 200));
    }

    [Fact]
    public async Task GetTokenAsync_NearExpiry_ExchangesANewAssertionBeforeTheTokenExpires()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        await using var host = await ModulesHost.StartAsync(
            new EmulatorOptions { Faults = FaultOptions.None with { TokenLifetime = TimeSpan.FromSeconds(100) } },
            configure: services => services.AddSingleton<TimeProvider>(clock));
        var tokens = host.Services.GetRequiredService<SsaTokenProvider>();

        var first = await tokens.GetTokenAsync(CancellationToken.None);
        clock.Advance(TimeSpan.FromSeconds(70));
        var stillFirst = await tokens.GetTokenAsync(CancellationToken.None);
        clock.Advance(TimeSpan.FromSeconds(10));
        var renewed = await tokens.GetTokenAsync(CancellationToken.None);

        // 99 s reported, a fifth of it as margin: renewed from about 79 s on, well before the emulator's 100 s.
        Assert.Equal(first, stillFirst);
        Assert.NotEqual(first, renewed);
        Assert.Equal(2, host.Emulator.GetStats().Count(EndpointCategory.Token, 200));
    }

    [Fact]
    public async Task GetTokenAsync_KeyNotTheRegisteredOne_ThrowsNamingThePrivateKeySettingWithoutTheKey()
    {
        using var other = RSA.Create(2048);
        var pem = other.ExportRSAPrivateKeyPem();
        await using var host = await ModulesHost.StartAsync(settings: new Dictionary<string, string?> { ["Issues:PrivateKey"] = pem });
        var tokens = host.Services.GetRequiredService<SsaTokenProvider>();

        var e = await Assert.ThrowsAsync<ApsAuthenticationException>(() => tokens.GetTokenAsync(CancellationToken.None));

        Assert.Contains("Issues:PrivateKey", e.Message, StringComparison.Ordinal);
        Assert.Contains("signature", e.Message, StringComparison.Ordinal);
        Assert.DoesNotContain(pem.Split('\n')[1], e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task GetTokenAsync_UnknownServiceAccount_ThrowsNamingTheSettings()
    {
        await using var host = await ModulesHost.StartAsync(settings: new Dictionary<string, string?> { ["Issues:ServiceAccountId"] = "SSA-SOMEONE-ELSE" });
        var tokens = host.Services.GetRequiredService<SsaTokenProvider>();

        var e = await Assert.ThrowsAsync<ApsAuthenticationException>(() => tokens.GetTokenAsync(CancellationToken.None));

        Assert.Contains("Issues:ServiceAccountId", e.Message, StringComparison.Ordinal);
        Assert.Contains("sub", e.Message, StringComparison.Ordinal);
    }
}
