using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Modules;
using AccBackup.Runs.State;
using Microsoft.Extensions.Logging;

namespace AccBackup.Runs.Activities;

/// <summary>The module-export activity of a run: one module of one project (<see cref="IProjectModuleExporter"/>: Sheets, …).
/// Idempotent: a repeated call returns what the first wrote.</summary>
/// <remarks>A refusal retrying cannot fix (the service account not a member, a permission missing, the tool not activated) is
/// returned as <see cref="ExportModuleResult.Gap"/>, never thrown: it is that project's module's gap in the coverage, never the
/// run's failure (its files are unaffected). Anything else is thrown for the driver's retries; after them the schedule records
/// the failure as a gap too.</remarks>
public sealed partial class ExportModuleActivity(IEnumerable<IProjectModuleExporter> exporters, PreviousRunStateStore runs, ILogger<ExportModuleActivity> logger)
    : IRunActivity<ExportModuleInput, ExportModuleResult>
{
    private readonly Dictionary<string, IProjectModuleExporter> byName = exporters.ToDictionary(e => e.ModuleName, StringComparer.Ordinal);

    /// <inheritdoc />
    Task<ExportModuleResult> IRunActivity<ExportModuleInput, ExportModuleResult>.RunAsync(ExportModuleInput input, CancellationToken cancellationToken) =>
        ExportAsync(input, cancellationToken);

    /// <summary>Exports <paramref name="input"/>'s module of its project.</summary>
    public async Task<ExportModuleResult> ExportAsync(ExportModuleInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (!byName.TryGetValue(input.Module, out var exporter))
        {
            throw new ArgumentException($"No exporter for module '{input.Module}'.", nameof(input));
        }

        var request = new ModuleExportInput(input.Module, input.RunId, input.Project.Id, input.Project.Name, input.BaseRunId, input.ListingKey)
        {
            // The base run's manifest is the one this run's listings read too: loaded once per process.
            StoredVersions = input.BaseRunId is { } baseRun
                ? async ct => (await runs.LoadStoredAsync(baseRun, ct).ConfigureAwait(false)).Manifest.StoredVersions(input.Project.Id)
                : null,
        };
        try
        {
            return new ExportModuleResult(input.Module, await exporter.ExportAsync(request, cancellationToken).ConfigureAwait(false));
        }
        catch (Exception e) when (ModuleCoverage.Refusal(request, e) is { } gap)
        {
            Log.ModuleRefused(logger, input.RunId, input.Module, input.Project.Name, gap.Reason, e.Message);
            return new ExportModuleResult(input.Module, new Dictionary<string, long>(), gap);
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 9101, Level = LogLevel.Error, Message = "Backup run {RunId}: module {Module} of project {Project} could not be read ({Reason}; its files are unaffected): {Detail}")]
        public static partial void ModuleRefused(ILogger logger, string runId, string module, string project, ModuleGapReason reason, string detail);
    }
}
