using AccBackup.Runs;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>Exports one project's issues (<see cref="ProjectIssueExporter"/>): the project and the base run in, counts out.</summary>
public sealed class ExportIssuesActivity(ProjectIssueExporter exporter, IHostApplicationLifetime lifetime) : TaskActivity<IssueExportInput, IssueExportSummary>
{
    /// <inheritdoc />
    public override Task<IssueExportSummary> RunAsync(TaskActivityContext context, IssueExportInput input) =>
        exporter.ExportAsync(input, lifetime.ApplicationStopping);
}
