using AccBackup.AccRestore;

namespace AccBackup.BackupConsole.Restores;

/// <summary>A local console started without APS settings: it browses the backup but cannot plan against ACC, and says which
/// settings it needs.</summary>
internal sealed class UnavailableRestores : IConsoleRestores
{
    private static readonly RestoreRefusal Refusal = new("Unavailable",
        "restore into ACC needs the APS settings (Aps:ClientId, Aps:ClientSecret, Aps:AccountId) in the settings acc-backup console was started with");

    /// <inheritdoc />
    public Task<RestoreRefusal?> PlanAsync(AccRestoreRequest request, CancellationToken cancellationToken) => Task.FromResult<RestoreRefusal?>(Refusal);

    /// <inheritdoc />
    public Task<(string? RestoreId, RestoreRefusal? Refusal)> ApplyAsync(string restoreId, CancellationToken cancellationToken) =>
        Task.FromResult<(string?, RestoreRefusal?)>((null, Refusal));

    /// <inheritdoc />
    public Task<RestoreProgress?> ProgressAsync(string restoreId, CancellationToken cancellationToken) => Task.FromResult<RestoreProgress?>(null);
}
