using AccBackup.Durable;
using AccBackup.Durable.Activities;
using AccBackup.Durable.Orchestrations;
using AccBackup.Manifest;
using AccBackup.Runs;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask;

namespace AccBackup.Functions;

/// <summary>The class-based orchestrators and activities of src/Durable exposed as functions: one line each, no logic,
/// so the Function App runs exactly what the tests run on the Durable Task test host.</summary>
/// <remarks>Hand-written wrappers rather than the preview source generator: explicit, and no discovery settings to get right.</remarks>
public sealed class OrchestrationFunctions(
    PrepareRunActivity prepare, ListFoldersActivity list, CopyChunkActivity copy, AssembleManifestActivity assemble)
{
    [Function(TaskNames.BackupRun)]
    public static Task<BackupRunOutcome> BackupRun([OrchestrationTrigger] TaskOrchestrationContext context) =>
        new BackupRunOrchestrator().RunAsync(context, context.GetInput<BackupRunInput>()!);

    [Function(TaskNames.ProjectBackup)]
    public static Task<ProjectBackupOutcome?> ProjectBackup([OrchestrationTrigger] TaskOrchestrationContext context) =>
        new ProjectBackupOrchestrator().RunAsync(context, context.GetInput<ProjectBackupInput>()!);

    [Function(TaskNames.PrepareRun)]
    public Task<RunPreparation> PrepareRun([ActivityTrigger] RunPreparationInput input, FunctionContext function) =>
        prepare.RunAsync(Context(TaskNames.PrepareRun, function), input);

    [Function(TaskNames.ListFolders)]
    public Task<FolderWaveResult> ListFolders([ActivityTrigger] FolderWaveInput input, FunctionContext function) =>
        list.RunAsync(Context(TaskNames.ListFolders, function), input);

    [Function(TaskNames.CopyChunk)]
    public Task<ChunkCopyResult> CopyChunk([ActivityTrigger] ChunkCopyInput input, FunctionContext function) =>
        copy.RunAsync(Context(TaskNames.CopyChunk, function), input);

    [Function(TaskNames.AssembleManifest)]
    public Task<BackupRunOutcome> AssembleManifest([ActivityTrigger] ManifestAssemblyInput input, FunctionContext function) =>
        assemble.RunAsync(Context(TaskNames.AssembleManifest, function), input);

    private static FunctionsActivityContext Context(string name, FunctionContext function) => new(name, function.InvocationId);
}
