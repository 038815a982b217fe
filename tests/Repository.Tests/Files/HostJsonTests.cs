using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Settings;
using AccBackup.Modules;
using AccBackup.Runs;
using Microsoft.Extensions.Logging;

namespace AccBackup.Repository.Tests.Files;

/// <summary>host.json gives the app's code what it relies on: the backend its Durable extension and the infra provide, room for
/// the activity window the orchestrations schedule, time for the longest wait an activity may make, and the run-summary log.</summary>
[Trait("Category", "Unit")]
public sealed class HostJsonTests
{
    [Fact]
    public void DurableTask_Backend_IsTheAzureStorageOneTheAppReferencesAndTheInfraGrants()
    {
        var durable = DurableTask();
        var project = RepoFiles.Text("src", "Functions", "AccBackup.Functions.csproj");

        // The Durable extension the app references runs on Azure Storage by itself; any other backend needs its own package.
        Assert.Equal("AzureStorage", durable.GetProperty("storageProvider").GetProperty("type").GetString());
        Assert.Contains("Include=\"Microsoft.Azure.Functions.Worker.Extensions.DurableTask\"", project, StringComparison.Ordinal);
        Assert.DoesNotMatch(@"Extensions\.DurableTask\.(AzureManaged|SqlServer|Netherite)", project);

        // The hub names the queues, tables and containers host-storage.bicep grants the app: 3-45 letters and digits, a letter first.
        Assert.Matches(new Regex("^[A-Za-z][A-Za-z0-9]{2,44}$"), durable.GetProperty("hubName").GetString());
    }

    [Fact]
    public void DurableTask_MaxConcurrentActivityFunctions_HoldsTheWindowAndTheExportsARunSchedules()
    {
        // One instance (main.bicep keeps one 'durable' instance ready) must be able to run the whole window at once, and
        // beside it the exports a run starts: every module of Backup:ExportsPerModule projects' exports parts, and the
        // modules reading the listing of the Backup:ProjectsInParallel projects whose files run. They wait on their own
        // quotas, and must not hold the slots the files' listings and copies need.
        var perInstance = DurableTask().GetProperty("maxConcurrentActivityFunctions").GetInt32();
        var options = new BackupOptions();
        var modules = ModuleNames.Known.Where(m => m != ModuleNames.Files).ToList();
        var exports = (options.ExportsPerModule * modules.Count(m => !ModuleNames.ReadListedTree.Contains(m)))
            + (options.ProjectsInParallel * modules.Count(ModuleNames.ReadListedTree.Contains));

        Assert.InRange(perInstance, options.MaxActivitiesInFlight + exports, int.MaxValue);
    }

    [Fact]
    public void FunctionTimeout_OutlastsTheLongestWaitOfOneActivity()
    {
        // The longest bounded waits inside an activity, with the default settings: a block's every attempt timing out, and
        // an APS request riding out a storm to its budget after a Retry-After of the longest honoured (2 minutes).
        var copy = new CopyOptions();
        var aps = new ApsOptions();
        var longest = new[] { copy.TransferTimeout * BlobCopier.DownloadAttempts, aps.Retry.MaxDuration + TimeSpan.FromMinutes(2) }.Max();
        using var host = RepoFiles.Json(allowComments: true, "host.json");

        var timeout = TimeSpan.Parse(host.RootElement.GetProperty("functionTimeout").GetString()!, CultureInfo.InvariantCulture);

        Assert.True(timeout >= longest, $"functionTimeout {timeout} would cut an activity short: one wait may last {longest}.");
    }

    [Fact]
    public void Logging_RunSummaryCategory_IsLoggedAtInformation()
    {
        // The alerts and the workbook read the run-summary trace, logged at Information for a complete run: the most
        // specific logLevel entry for its category must let it through.
        var category = RunSummaryLog.Category;
        using var host = RepoFiles.Json(allowComments: true, "host.json");
        var levels = host.RootElement.GetProperty("logging").GetProperty("logLevel").EnumerateObject()
            .ToDictionary(l => l.Name, l => Enum.Parse<LogLevel>(l.Value.GetString()!, ignoreCase: true), StringComparer.OrdinalIgnoreCase);

        var applies = levels.Keys
            .Where(name => category.StartsWith(name + ".", StringComparison.Ordinal) || name == category)
            .MaxBy(name => name.Length) ?? "default";

        Assert.InRange(levels[applies], LogLevel.Trace, LogLevel.Information);
    }

    [Fact]
    public void Logging_OpenTelemetryMode_CarriesNoApplicationInsightsSettings()
    {
        // In OpenTelemetry mode the host never builds the Application Insights SDK that logging.applicationInsights configures
        // (sampling, excluded types, dependency tracking): such a section would look like a bound on the volume and bound
        // nothing. The host's spans are bounded by the OTEL_TRACES_SAMPLER app settings (function-app.bicep), the worker's
        // telemetry in the worker (BackupTelemetry).
        using var host = RepoFiles.Json(allowComments: true, "host.json");

        Assert.Equal("OpenTelemetry", host.RootElement.GetProperty("telemetryMode").GetString());
        Assert.False(host.RootElement.GetProperty("logging").TryGetProperty("applicationInsights", out _), "host.json has a logging.applicationInsights section, which OpenTelemetry mode ignores");
    }

    private static JsonElement DurableTask()
    {
        using var host = RepoFiles.Json(allowComments: true, "host.json");
        return host.RootElement.GetProperty("extensions").GetProperty("durableTask").Clone();
    }
}
