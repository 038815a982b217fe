using System.Net;
using AccBackup.BackupConsole.Access;
using AccBackup.BackupConsole.Api;
using AccBackup.BackupConsole.Restores;
using AccBackup.Storage;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.BackupConsole.Hosting;

/// <summary>The local console (<c>acc-backup console</c>): an ASP.NET Core host on 127.0.0.1 only, reading the configured
/// storage, answering this machine's browser alone (<see cref="LoopbackAccess"/>).</summary>
public sealed class ConsoleServer : IAsyncDisposable
{
    private readonly WebApplication app;

    private ConsoleServer(WebApplication app, Uri address)
    {
        this.app = app;
        Address = address;
    }

    /// <summary>Where the console is: <c>http://127.0.0.1:{port}/</c>.</summary>
    public Uri Address { get; }

    /// <summary>Starts the console over the storage <paramref name="configuration"/> names (the <c>BackupStorage</c> section),
    /// on <paramref name="port"/> (0: a free one); its settings are validated before it listens. With APS settings (<c>Aps:ClientId</c>)
    /// its Restore page plans and applies restores into ACC in this process; without, it says what is missing.</summary>
    public static async Task<ConsoleServer> StartAsync(
        IConfiguration configuration, int port, Action<ILoggingBuilder>? logging, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        logging?.Invoke(builder.Logging);
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, port));
        builder.Services.AddBackupBlobStorage(configuration);
        builder.Services.AddBackupConsole<LoopbackAccess>();
        if (string.IsNullOrWhiteSpace(configuration["Aps:ClientId"]))
        {
            builder.Services.AddSingleton<IConsoleRestores, UnavailableRestores>();
        }
        else
        {
            builder.Services.AddInProcessConsoleRestores(configuration);
        }

        var app = builder.Build();
        app.Map("/{**path}", (HttpContext context, string? path, ConsoleApi api, IConsoleRestores restores) => api.AnswerAsync(context, path, restores));
        try
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
            var bound = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
            return new ConsoleServer(app, new Uri(new Uri(bound).GetLeftPart(UriPartial.Authority) + "/"));
        }
        catch
        {
            await app.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>Runs until <paramref name="cancellationToken"/> is cancelled (Ctrl-C).</summary>
    public Task WaitAsync(CancellationToken cancellationToken) => app.WaitForShutdownAsync(cancellationToken);

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        await app.StopAsync(CancellationToken.None).ConfigureAwait(false);
        await app.DisposeAsync().ConfigureAwait(false);
    }
}
