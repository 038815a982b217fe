namespace AccBackup.Modules;

/// <summary>Input of one module's export for one project in one run.</summary>
/// <param name="Module">The module (<see cref="ModuleNames"/>).</param>
/// <param name="BaseRunId">The latest finished run, whose snapshot of this module lets unchanged parts be carried (a PDF not
/// exported again); null reads everything.</param>
public sealed record ModuleExportInput(string Module, string RunId, string ProjectId, string ProjectName, string? BaseRunId);
