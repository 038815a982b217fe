using System.Reflection;
using System.Text.Json;
using AccBackup.Durable;
using AccBackup.Durable.Activities;
using AccBackup.Durable.Orchestrations;
using AccBackup.Durable.Progress;
using AccBackup.Runs.Activities;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.Azure.Functions.Worker.Core;
using Microsoft.Azure.Functions.Worker.Core.FunctionMetadata;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Functions.Tests.Hosting;

/// <summary>The functions the worker reports to the Functions host: the build's functions.metadata (the triggers written
/// as methods) and, added at start by the Durable extension from the AddTasks registry, the orchestrations and activities.</summary>
[Trait("Category", "Unit")]
public sealed class FunctionMetadataTests
{
    [Fact]
    public void FunctionsMetadata_InTheBuildOutput_ListsTheTimerAndHttpFunctions()
    {
        var functions = BuildMetadata();

        Assert.Equal(["Console", "GetBackup", "GetRestore", "ListBackups", "NightlyBackup", "StartBackup", "StartRestore"], functions.Keys.Order(StringComparer.Ordinal));
        var timer = Trigger(functions["NightlyBackup"]);
        Assert.Equal(("timerTrigger", "%Backup:Schedule%"), (timer.GetProperty("type").GetString(), timer.GetProperty("schedule").GetString()));
        Assert.Equal(("backups", "post", "Function"), Http(functions["StartBackup"]));
        Assert.Equal(("backups/{id}", "get", "Function"), Http(functions["GetBackup"]));
        Assert.Equal(("backups", "get", "Function"), Http(functions["ListBackups"]));

        // The console is anonymous at the function level: App Service authentication stands in front (no key in a browser).
        Assert.Equal(("console/{*path}", "get,head,post", "Anonymous"), Http(functions["Console"]));
    }

    [Fact]
    public async Task WorkerMetadata_AsTheHostReceivesIt_AddsEveryOrchestrationAndActivity()
    {
        using var app = BuildApp();

        var reported = await app.Services.GetRequiredService<IFunctionMetadataManager>().GetFunctionMetadataAsync(AppContext.BaseDirectory);

        var triggers = reported.ToDictionary(f => f.Name!, f => TriggerType(f.RawBindings!), StringComparer.Ordinal);
        Assert.Equal("orchestrationTrigger", triggers[BackupRunOrchestrator.Name]);
        Assert.Equal("orchestrationTrigger", triggers[ProjectBackupOrchestrator.Name]);
        foreach (var activity in new[] { "PrepareRun", "ListFolders", "CopyChunk", "ExportIssues", "ExportModule", "ProveStoredBlobs", "AssembleManifest" })
        {
            Assert.Equal("activityTrigger", triggers[activity]);
        }

        Assert.Equal("orchestrationTrigger", triggers[Durable.Restores.RestoreTaskNames.AccRestore]);
        foreach (var activity in new[] { "PlanRestore", "RestoreFolders", "RestoreFiles", "RecordRestore" })
        {
            Assert.Equal("activityTrigger", triggers[activity]);
        }

        Assert.Equal("timerTrigger", triggers["NightlyBackup"]);
        Assert.Equal("httpTrigger", triggers["Console"]);
        Assert.Equal(21, triggers.Count);
    }

    [Fact]
    public void App_Composed_ResolvesTheFunctionsAndEveryActivityFromItsServices()
    {
        using var app = BuildApp();

        _ = ActivatorUtilities.CreateInstance<Functions.Api.BackupsApi>(app.Services);
        _ = ActivatorUtilities.CreateInstance<NightlyBackupTrigger>(app.Services);
        _ = ActivatorUtilities.CreateInstance<Functions.Restores.RestoresApi>(app.Services);
        foreach (var restore in new[] { typeof(Durable.Restores.PlanRestoreActivity), typeof(Durable.Restores.RestoreFoldersActivity), typeof(Durable.Restores.RestoreFilesActivity), typeof(Durable.Restores.RecordRestoreActivity) })
        {
            Assert.NotNull(ActivatorUtilities.CreateInstance(app.Services, restore));
        }

        _ = ActivatorUtilities.CreateInstance<Functions.Api.ConsoleFunction>(app.Services);
        foreach (var activity in new[]
                 {
                     typeof(DurableActivity<PrepareRunActivity, PrepareRunInput, PrepareRunResult>), typeof(DurableActivity<ListFoldersActivity, ListFoldersInput, ListFoldersResult>),
                     typeof(DurableActivity<ProgressRecordingCopy, CopyChunkInput, CopyChunkResult>), typeof(DurableActivity<ExportIssuesActivity, ExportIssuesInput, ExportIssuesResult>),
                     typeof(DurableActivity<,,>).MakeGenericType(typeof(ProveStoredBlobsActivity), typeof(ProveStoredBlobsInput), typeof(Manifest.ProofSummary)),
                     typeof(DurableActivity<AssembleManifestActivity, AssembleManifestInput, BackupRunOutcome>),
                 })
        {
            Assert.NotNull(ActivatorUtilities.CreateInstance(app.Services, activity));
        }
    }

    /// <summary>The Function App as Program.cs builds it (not started: that needs the Functions host).</summary>
    /// <remarks>The worker runs the generated startup code of its entry assembly; in a test run that is the test host, so
    /// this does for the Function App's assembly what the worker does for it: the extensions' startup (the Durable
    /// extension's metadata transformer among them) and the generated metadata provider.</remarks>
    private static IHost BuildApp()
    {
        var builder = FunctionsApplication.CreateBuilder([]);
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Aps:ClientId"] = "client", ["Aps:ClientSecret"] = "secret", ["Aps:AccountId"] = "6f1a4a7e-0f5b-4a53-9d1e-3c4b2a1f0e9d",
            ["BackupStorage:ConnectionString"] = "UseDevelopmentStorage=true", ["Backup:Schedule"] = "0 0 2 * * *",
        });
        var app = typeof(BackupFunctionsApp).Assembly;
        var startup = app.GetCustomAttribute<WorkerExtensionStartupCodeExecutorInfoAttribute>()!.StartupCodeExecutorType;
        ((WorkerExtensionStartup)Activator.CreateInstance(startup)!).Configure(builder);
        builder.Services.AddSingleton(typeof(IFunctionMetadataProvider), app.GetTypes().Single(t => typeof(IFunctionMetadataProvider).IsAssignableFrom(t)));
        builder.AddBackupFunctions();
        return builder.Build();
    }

    private static Dictionary<string, JsonElement> BuildMetadata()
    {
        using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "functions.metadata")));
        return document.RootElement.EnumerateArray().ToDictionary(f => f.GetProperty("name").GetString()!, f => f.Clone(), StringComparer.Ordinal);
    }

    private static JsonElement Trigger(JsonElement function) =>
        function.GetProperty("bindings").EnumerateArray().Single(b => b.GetProperty("type").GetString()!.EndsWith("Trigger", StringComparison.Ordinal));

    private static (string? Route, string Methods, string? AuthLevel) Http(JsonElement function)
    {
        var trigger = Trigger(function);
        Assert.Equal("httpTrigger", trigger.GetProperty("type").GetString());
        return (trigger.GetProperty("route").GetString(), string.Join(",", trigger.GetProperty("methods").EnumerateArray().Select(m => m.GetString())),
            trigger.GetProperty("authLevel").GetString());
    }

    private static string TriggerType(IList<string> rawBindings) => rawBindings
        .Select(b => JsonDocument.Parse(b).RootElement.GetProperty("type").GetString()!)
        .Single(t => t.EndsWith("Trigger", StringComparison.OrdinalIgnoreCase));
}
