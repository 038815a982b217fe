namespace AccBackup.Modules;

/// <summary>Exports one module of one project for one run: a snapshot written once under the run, bytes stored once.</summary>
/// <remarks>Idempotent: a repeated call for the same run and project returns what the first wrote. Throws the APS family's
/// exceptions; the run's module-export activity turns a refusal into coverage and lets the rest be retried.</remarks>
public interface IProjectModuleExporter
{
    /// <summary>The module's name (<see cref="ModuleNames"/>).</summary>
    string ModuleName { get; }

    /// <summary>Exports the module of <paramref name="input"/>'s project; returns its counts.</summary>
    Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken);
}
