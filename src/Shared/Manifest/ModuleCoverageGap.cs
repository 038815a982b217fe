namespace AccBackup.Manifest;

/// <summary>A project's module that a run could not read, and why.</summary>
/// <param name="Detail">What APS answered or what failed, naming the setting or the right to fix where one is known.</param>
public sealed record ModuleCoverageGap(string ProjectId, string ProjectName, string Module, ModuleGapReason Reason, string Detail);
