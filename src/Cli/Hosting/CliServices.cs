using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Restore;
using AccBackup.Retention;
using AccBackup.Runs;
using AccBackup.Storage;
using AccBackup.Verification;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Cli.Hosting;

/// <summary>The services one command needs, built from the settings and validated before any work starts.</summary>
internal static class CliServices
{
    /// <summary>Blob storage and the manifest readers: what verify, restore and runs need (no APS settings required).</summary>
    /// <exception cref="OptionsValidationException">A setting is invalid (one exception, or several in an <see cref="AggregateException"/>).</exception>
    public static ServiceProvider ForStorage(IConfiguration configuration, CliContext context, LogLevel logLevel)
    {
        var services = Common(context, logLevel);
        services.AddBackupBlobStorage(configuration);
        services.TryAddSingleton<ManifestReader>();
        services.TryAddSingleton<RunHistory>();
        return BuildValidated(services);
    }

    /// <summary>Storage, the manifest readers, APS and the write client: what <c>restore --to-acc</c> needs.</summary>
    /// <exception cref="OptionsValidationException">A setting is invalid (one exception, or several in an <see cref="AggregateException"/>).</exception>
    public static ServiceProvider ForAccRestore(IConfiguration configuration, CliContext context, LogLevel logLevel)
    {
        var services = Common(context, logLevel);
        services.AddBackupBlobStorage(configuration);
        services.TryAddSingleton<ManifestReader>();
        services.TryAddSingleton<RunHistory>();
        AccRestore.AccRestoreServiceCollectionExtensions.AddAccRestore(services, configuration);
        return BuildValidated(services);
    }

    /// <summary>Storage, the manifest readers and <see cref="RunPruner"/> with its delete-capable backup-container client: what
    /// prune alone needs (<see cref="RetentionServiceCollectionExtensions.AddRunPruning"/>).</summary>
    /// <exception cref="OptionsValidationException">A setting is invalid (one exception, or several in an <see cref="AggregateException"/>).</exception>
    public static ServiceProvider ForPrune(IConfiguration configuration, CliContext context, LogLevel logLevel)
    {
        var services = Common(context, logLevel);
        services.AddBackupBlobStorage(configuration);
        services.AddRunPruning();
        return BuildValidated(services);
    }

    /// <summary>Everything a backup run needs: APS, storage, copy engine, manifest and <see cref="BackupRunner"/>.</summary>
    /// <exception cref="OptionsValidationException">A setting is invalid (one exception, or several in an <see cref="AggregateException"/>).</exception>
    public static ServiceProvider ForRun(IConfiguration configuration, CliContext context, LogLevel logLevel)
    {
        var services = Common(context, logLevel);
        services.AddBackupRuns(configuration);
        return BuildValidated(services);
    }

    private static ServiceCollection Common(CliContext context, LogLevel logLevel)
    {
        var services = new ServiceCollection();
        services.AddLogging(logging => logging.ClearProviders().SetMinimumLevel(logLevel).AddProvider(new WriterLoggerProvider(context.Error, logLevel)));
        services.AddSingleton(context.Time);
        services.TryAddSingleton<RunVerifier>();
        services.TryAddSingleton<RunRestorer>();
        services.TryAddSingleton<IssueRestorer>();
        services.TryAddSingleton<ModuleRestorer>();
        services.TryAddSingleton<FileHistory>();
        return services;
    }

    private static ServiceProvider BuildValidated(ServiceCollection services)
    {
        var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
        try
        {
            // What a host does at start: every option registered with ValidateOnStart is checked now, not mid-run.
            provider.GetRequiredService<IStartupValidator>().Validate();
            return provider;
        }
        catch
        {
            provider.Dispose();
            throw;
        }
    }
}
