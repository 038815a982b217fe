using AccBackup.Acc;
using AccBackup.Cli.Hosting;
using AccBackup.Cli.Output;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Cli.Commands;

/// <summary>Runs a command's body and turns whatever stops it into a message and an exit code — never a stack trace unless --verbose.</summary>
internal static class CommandAction
{
    public static async Task<int> ExecuteAsync(CliContext context, GlobalValues global, Func<CancellationToken, Task<int>> body, CancellationToken cancellationToken)
    {
        try
        {
            return await body(cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            await ErrorView.WriteAsync(context, global.Json, "Cancelled.").ConfigureAwait(false);
            return ExitCodes.Cancelled;
        }
        catch (Exception e) when (SettingsErrors.Describe(e) is { } failures)
        {
            await ErrorView.WriteAsync(context, global.Json, "Invalid settings (fix them in appsettings.json, --settings, environment variables or flags):", failures).ConfigureAwait(false);
            return ExitCodes.Fatal;
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ContainerNotFound)
        {
            await ErrorView.WriteAsync(context, global.Json, $"Blob storage: the container does not exist (BackupStorage:ContainerName); no backup has run there. {e.Message}").ConfigureAwait(false);
            return ExitCodes.Fatal;
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobNotFound)
        {
            await ErrorView.WriteAsync(context, global.Json, $"No such run: its manifest is not in storage ('acc-backup runs' lists the runs). {e.Message}").ConfigureAwait(false);
            return ExitCodes.Fatal;
        }
        catch (Exception e)
        {
            // The top of the process: every failure ends here as one line naming what failed, and exit code 1.
            await ErrorView.WriteAsync(context, global.Json, Describe(e)).ConfigureAwait(false);
            if (global.Verbose)
            {
                await context.Error.WriteLineAsync(e.ToString()).ConfigureAwait(false);
            }

            return ExitCodes.Fatal;
        }
    }

    private static string Describe(Exception e) => e switch
    {
        SettingsFileException => e.Message,
        AccRestore.Executing.RestorePermissionException => e.Message,
        RequestFailedException { Status: 0 } => $"Blob storage could not be reached: {e.Message}",
        RequestFailedException => $"Blob storage: {e.Message}",
        ApsUnreachableException => e.Message,
        ApsAuthenticationException => $"APS rejected the credentials (Aps:ClientId, Aps:ClientSecret): {e.Message}",
        ApsException => $"APS: {e.Message}",
        InvalidOperationException or ArgumentException or InvalidDataException or System.Text.Json.JsonException or IOException => e.Message,
        _ => $"{e.GetType().Name}: {e.Message}",
    };
}
