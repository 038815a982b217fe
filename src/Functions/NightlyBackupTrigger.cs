using AccBackup.Durable.Control;
using AccBackup.Runs;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask.Client;

namespace AccBackup.Functions;

/// <summary>Starts the night's backup on <c>Backup:Schedule</c> (six-field NCRONTAB, UTC).</summary>
/// <remarks>The run id is the night's (<see cref="Manifest.Catalog.RunId.Nightly"/>): a second fire the same night starts nothing, and
/// no run starts while another is still going (<see cref="BackupStarter"/>).</remarks>
public sealed class NightlyBackupTrigger(BackupStarter starter, TimeProvider time)
{
    [Function("NightlyBackup")]
    public Task<StartResult> Run([TimerTrigger("%Backup:Schedule%")] TimerInfo timer, [DurableClient] DurableTaskClient client, CancellationToken cancellationToken) =>
        starter.StartAsync(client, Manifest.Catalog.RunId.Nightly(time.GetUtcNow()).Value, new BackupRunRequest(), cancellationToken);
}
