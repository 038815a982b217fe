using System.Buffers;
using System.Text.Json;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Members;

/// <summary>The oracle for member backups: every project's members (removed ones too) in the Admin API's shape.</summary>
public sealed class MemberTruth
{
    private readonly MemberStore _store;

    internal MemberTruth(MemberStore store) => _store = store;

    /// <summary><c>{"projects":[{"projectId","members":[…]}]}</c> for one project (GUID, with or without <c>b.</c>) or all.</summary>
    public JsonDocument Get(string? projectId = null)
    {
        Guid? only = projectId is null ? null : Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        var buffer = new ArrayBufferWriter<byte>();
        lock (_store.SyncRoot)
        {
            using var w = new Utf8JsonWriter(buffer);
            w.WriteStartObject();
            w.WriteStartArray("projects");
            foreach (var (guid, members) in _store.Projects.Where(p => only is null || p.ProjectGuid == only))
            {
                w.WriteStartObject();
                w.WriteString("projectId", guid);
                w.WriteStartArray("members");
                members.ForEach(m => MemberJson.WriteMember(w, m));
                w.WriteEndArray();
                w.WriteEndObject();
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        return JsonDocument.Parse(buffer.WrittenMemory);
    }

    /// <summary><c>GET /_emulator/members/truth[?projectId=]</c>.</summary>
    internal static void Map(WebApplication app) =>
        app.MapGet("/_emulator/members/truth", (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = state.MemberTruth.Get(projectId.Length == 0 ? null : projectId);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);
}
