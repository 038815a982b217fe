namespace AccBackup.Runs.Activities;

/// <summary>Input of the issue-export activity.</summary>
/// <param name="BaseRunId">The latest finished run, whose snapshot lets only changed issues be read; null reads every issue.</param>
public sealed record ExportIssuesInput(string RunId, ProjectRef Project, string? BaseRunId);
