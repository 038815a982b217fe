namespace AccBackup.Runs.Activities;

/// <summary>Output of a copy activity: the results blob and counts.</summary>
public sealed record CopyChunkResult(string ResultsBlob, int Files, int Copied, int Unchanged, int NoContent, int Planned, int Failed, long BytesCopied, int SizeMismatches);
