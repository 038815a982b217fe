using AccBackup.Durable.Orchestrations;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs.Activities;
using Microsoft.DurableTask.Client;

namespace AccBackup.Functions.Tests.Telemetry;

/// <summary>One backup of the demo account (283 files, 3 projects) with the app's telemetry, and everything it exported:
/// shared by the tests that read the run summary and count the traces.</summary>
public sealed class DemoRunTelemetry : IAsyncLifetime
{
    /// <summary>The test collection that shares the run.</summary>
    public const string Collection = "demo run telemetry";

    /// <summary>The run's id.</summary>
    public const string RunId = "telemetry-demo-1";

    internal OrchestrationMetadata Run { get; private set; } = null!;

    internal ManifestSummary Summary { get; private set; } = null!;

    internal IReadOnlyList<IngestedItem> Items { get; private set; } = [];

    public async Task InitializeAsync()
    {
        await using var host = await TelemetryBackupHost.StartAsync();
        (Run, Summary) = await host.RunAsync(RunId);
        Items = await host.StopAsync();
    }

    public Task DisposeAsync() => Task.CompletedTask;

    /// <summary>The outcome the orchestration returned.</summary>
    internal BackupRunOutcome Outcome => Run.ReadOutputAs<BackupRunOutcome>()!;
}

/// <summary>The tests that read <see cref="DemoRunTelemetry"/>'s one run.</summary>
[CollectionDefinition(DemoRunTelemetry.Collection)]
public sealed class DemoRunTelemetryDefinition : ICollectionFixture<DemoRunTelemetry>;
