namespace AccBackup.Runs.Activities;

/// <summary>Input of a copy activity.</summary>
public sealed record CopyChunkInput(string RunId, string InventoryChunk, bool DryRun);
