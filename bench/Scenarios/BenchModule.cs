using AccEmulator.Endpoints;

namespace AccBackup.Bench.Scenarios;

/// <summary>One module of a project's record as the modules scenario measures it: its name in <c>Backup:Modules</c>, the path its
/// API's calls start with (timed at the client), the emulator categories its quota is counted in, and where the emulator's truth
/// lists its records.</summary>
/// <param name="Name">The module's name (<c>AccBackup.Modules.ModuleNames</c>).</param>
/// <param name="PathPrefix">The start of every request path of the module's API (e.g. <c>/construction/rfis/</c>).</param>
/// <param name="Quotas">The emulator categories of its calls: one per endpoint when the module's limit is per endpoint (Sheets),
/// one for the whole API when it is per app or per user (RFIs, Issues). The floor is the slowest of them.</param>
/// <param name="Records">The count in the run's summary and the array in the truth's projects that hold its records.</param>
/// <param name="TruthPath">The emulator's truth of the module: <c>{"projects":[{"projectId", Records:[…]}]}</c>.</param>
internal sealed record BenchModule(string Name, string PathPrefix, IReadOnlyList<EndpointCategory> Quotas, string Records, string TruthPath);
