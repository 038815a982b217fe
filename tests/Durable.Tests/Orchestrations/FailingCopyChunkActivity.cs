using AccBackup.Durable.Progress;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.State;
using Microsoft.DurableTask;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>Which project's copies fail, and how often the failing activity was called.</summary>
internal sealed class FailingCopyPlan(string projectName)
{
    private int calls;

    public string ProjectName { get; } = projectName;

    public int Calls => Volatile.Read(ref calls);

    public void Called() => Interlocked.Increment(ref calls);
}

/// <summary>The real copy activity, except that every copy of one project's chunks throws: an activity that keeps failing.</summary>
internal sealed class FailingCopyChunkActivity(ProgressRecordingCopy real, NdjsonBlobs blobs, FailingCopyPlan plan) : TaskActivity<CopyChunkInput, CopyChunkResult>
{
    public override async Task<CopyChunkResult> RunAsync(TaskActivityContext context, CopyChunkInput input)
    {
        var records = await blobs.ReadAsync(input.InventoryChunk, RunJsonContext.Default.InventoryRecord, CancellationToken.None);
        if (records is { Count: > 0 } && records[0].ProjectName == plan.ProjectName)
        {
            plan.Called();
            throw new IOException("the storage account refused the write (simulated)");
        }

        return await real.RunAsync(input, CancellationToken.None);
    }
}

internal static class FailingPlanServices
{
    /// <summary>The plan the failing copy activity follows.</summary>
    public static IServiceCollection AddSingletonPlan(this IServiceCollection services, FailingCopyPlan plan) =>
        services.AddSingleton(plan);
}
