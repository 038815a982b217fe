using Microsoft.DurableTask;

namespace AccBackup.Functions;

/// <summary>The activity context a class-based activity receives when a function wrapper calls it.</summary>
internal sealed class FunctionsActivityContext(TaskName name, string instanceId) : TaskActivityContext
{
    /// <inheritdoc />
    public override TaskName Name { get; } = name;

    /// <inheritdoc />
    public override string InstanceId { get; } = instanceId;
}
