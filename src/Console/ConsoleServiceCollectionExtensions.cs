using AccBackup.BackupConsole.Access;
using AccBackup.BackupConsole.Api;
using AccBackup.BackupConsole.Assets;
using AccBackup.BackupConsole.Browse;
using AccBackup.BackupConsole.Nights;
using AccBackup.BackupConsole.Restores;
using AccBackup.AccRestore;
using Microsoft.Extensions.Configuration;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace AccBackup.BackupConsole;

/// <summary>Registers the console over the backup storage the host has already registered (<c>AddBackupBlobStorage</c>).</summary>
public static class ConsoleServiceCollectionExtensions
{
    /// <summary>Adds <see cref="ConsoleApi"/> and what it reads with; <typeparamref name="TAccess"/> says who may use it on this host.</summary>
    public static IServiceCollection AddBackupConsole<TAccess>(this IServiceCollection services)
        where TAccess : class, IConsoleAccess
    {
        ArgumentNullException.ThrowIfNull(services);
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton<ManifestReader>();
        services.TryAddSingleton<RunHistory>();
        services.TryAddSingleton<FileHistory>();
        services.TryAddSingleton<IConsoleAccess, TAccess>();
        services.TryAddSingleton<ConsoleAssets>();
        services.TryAddSingleton<ManifestCache>();
        services.TryAddSingleton<NightQueries>();
        services.TryAddSingleton<NightSelector>();
        services.TryAddSingleton<ProjectTree>();
        services.TryAddSingleton<VersionHistory>();
        services.TryAddSingleton<VersionDownload>();
        services.TryAddSingleton(sp => new RestoreQueries(new RestoreRecord(sp.GetRequiredService<Storage.BlobContainer>())));
        // Built here: its parts are the console's own (internal) types.
        services.TryAddSingleton(sp => new ConsoleApi(
            sp.GetRequiredService<IConsoleAccess>(), sp.GetRequiredService<ConsoleAssets>(), sp.GetRequiredService<NightQueries>(),
            sp.GetRequiredService<ProjectTree>(), sp.GetRequiredService<VersionHistory>(), sp.GetRequiredService<VersionDownload>(),
            sp.GetRequiredService<RestoreQueries>(), sp.GetRequiredService<Storage.BlobContainer>(), sp.GetRequiredService<TimeProvider>(),
            sp.GetRequiredService<Microsoft.Extensions.Logging.ILogger<ConsoleApi>>()));
        return services;
    }

    /// <summary>Adds <c>acc-backup console</c>'s restores into ACC, run in its own process (<see cref="InProcessRestores"/>): restore
    /// into ACC's services bound to <paramref name="configuration"/> (the <c>Aps</c> and <c>Restore</c> sections, validated on start).</summary>
    public static IServiceCollection AddInProcessConsoleRestores(this IServiceCollection services, IConfiguration configuration)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddAccRestore(configuration);
        services.TryAddSingleton<RunningBackups>();
        services.TryAddSingleton<IConsoleRestores, InProcessRestores>();
        return services;
    }
}
