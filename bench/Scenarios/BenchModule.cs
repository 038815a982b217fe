using System.Text.Json;
using System.Text.RegularExpressions;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Scenarios;

/// <summary>One module of a project's record as the modules scenario measures it: its name in <c>Backup:Modules</c>, the request
/// paths of its API (timed at the client), the emulator categories its quota is counted in, and where the emulator's truth lists
/// its records.</summary>
/// <param name="Name">The module's name (<c>AccBackup.Modules.ModuleNames</c>).</param>
/// <param name="Paths">Every request path of the module's API and none of another's (<see cref="BenchModules.PathsOf"/>): modules
/// sharing a path prefix (folder permissions and custom attributes under <c>/bim360/docs/v1/projects/</c>) are told apart by
/// their endpoints.</param>
/// <param name="Quotas">The emulator categories of its calls: one per endpoint when the module's limit is per endpoint (Sheets,
/// custom attributes), one for the whole API when it is per app or per user (RFIs, Issues). The floor is the slowest of them.</param>
/// <param name="Records">The count in the run's summary and the array in the truth's projects that hold its records.</param>
/// <param name="TruthPath">The emulator's truth of the module: <c>{"projects":[{"projectId", Records:[…]}]}</c>.</param>
/// <param name="Reached">Which of the truth's records a run keeps (a listing never reaches a hidden folder, so neither do the
/// modules that read the listed tree).</param>
internal sealed record BenchModule(string Name, Regex Paths, IReadOnlyList<EndpointCategory> Quotas, string Records, string TruthPath, Func<JsonElement, bool> Reached);
