using AccBackup.Manifest;
using Microsoft.Extensions.Logging;

namespace AccBackup.Modules;

/// <summary>The module-export work of a run: one module of one project (<see cref="IProjectModuleExporter"/>). A refusal retrying
/// cannot fix (not a member, no permission, tool not activated) comes back as coverage, never thrown: it is that project's
/// module's gap, never the run's failure. Anything else is thrown, so the driver's retries apply; after them the driver records
/// the failure as coverage too (<see cref="ModuleCoverage.Failure"/>).</summary>
public sealed partial class ModuleExportRunner(IEnumerable<IProjectModuleExporter> exporters, ILogger<ModuleExportRunner> logger)
{
    private readonly Dictionary<string, IProjectModuleExporter> byName = exporters.ToDictionary(e => e.ModuleName, StringComparer.Ordinal);

    /// <summary>Exports <paramref name="input"/>'s module of its project.</summary>
    public async Task<ModuleExportSummary> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (!byName.TryGetValue(input.Module, out var exporter))
        {
            throw new ArgumentException($"No exporter for module '{input.Module}'.", nameof(input));
        }

        try
        {
            var counts = await exporter.ExportAsync(input, cancellationToken).ConfigureAwait(false);
            return new ModuleExportSummary(input.Module, counts);
        }
        catch (Exception e) when (ModuleCoverage.Refusal(input, e) is { } gap)
        {
            Log.ModuleRefused(logger, input.RunId, input.Module, input.ProjectName, gap.Reason, e.Message);
            return new ModuleExportSummary(input.Module, new Dictionary<string, long>(), gap);
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 9101, Level = LogLevel.Error, Message = "Backup run {RunId}: module {Module} of project {Project} could not be read ({Reason}; its files are unaffected): {Detail}")]
        public static partial void ModuleRefused(ILogger logger, string runId, string module, string project, ModuleGapReason reason, string detail);
    }
}
