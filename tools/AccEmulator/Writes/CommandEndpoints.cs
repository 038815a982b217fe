using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Writes;

/// <summary>
/// <c>POST /data/v1/projects/{projectId}/commands</c> with <c>commands:autodesk.core:CheckPermission</c>: whether the
/// request's identity may do each required action on each resource
/// (https://aps.autodesk.com/en/docs/data/v2/reference/http/projects-project_id-commands-POST/). Other commands answer 400.
/// </summary>
internal static class CommandEndpoints
{
    public const string CheckPermissionType = "commands:autodesk.core:CheckPermission";

    public static void Map(WebApplication app) =>
        app.MapPost("/data/v1/projects/{projectId}/commands", RunAsync).Aps(EndpointCategory.Command);

    private static async Task<IResult> RunAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        using var body = await JsonPath.ReadAsync(request);
        var data = body?.RootElement.Find("data");
        var type = data?.String("attributes", "extension", "type");
        var actions = data?.Find("attributes", "extension", "data", "requiredActions");
        var resources = data?.Find("relationships", "resources", "data");
        if (data?.String("type") != "commands" || type != CheckPermissionType
            || actions is not { ValueKind: JsonValueKind.Array } || resources is not { ValueKind: JsonValueKind.Array })
        {
            return ApsErrors.BadInput($"The emulator runs one command, {CheckPermissionType}: {{\"data\":{{\"type\":\"commands\",\"attributes\":{{\"extension\":{{\"type\":…,\"version\":\"1.0.0\",\"data\":{{\"requiredActions\":[…]}}}}}},\"relationships\":{{\"resources\":{{\"data\":[{{\"type\":\"folders\",\"id\":…}}]}}}}}}}}.");
        }

        string[] required = [.. actions.Value.EnumerateArray().Select(a => a.GetString() ?? "")];
        (string, string)[] targets = [.. resources.Value.EnumerateArray().Select(r => (r.String("type") ?? "", r.String("id") ?? ""))];
        return WriteEndpoints.Write(request, state, (writer, user, links) =>
        {
            var checks = writer.CheckPermission(projectId, required, targets, user);
            return JsonBody.JsonApi(w =>
            {
                w.WriteStartObject("data");
                w.WriteString("type", "commands");
                w.WriteString("id", Guid.NewGuid().ToString("D"));
                w.WriteStartObject("attributes");
                w.WriteString("status", "committed");
                w.WriteStartObject("extension");
                w.WriteString("type", CheckPermissionType);
                w.WriteString("version", "1.0.0");
                w.WriteHref("schema", links.Schema(CheckPermissionType));
                w.WriteStartObject("data");
                w.WriteStartArray("requiredActions");
                foreach (var action in required)
                {
                    w.WriteStringValue(action);
                }

                w.WriteEndArray();
                w.WriteStartArray("permissions");
                foreach (var check in checks)
                {
                    w.WriteStartObject();
                    w.WriteString("type", check.Type);
                    w.WriteString("id", check.Id);
                    w.WriteStartObject("details");
                    foreach (var (action, allowed) in check.Details)
                    {
                        w.WriteBoolean(action, allowed);
                    }

                    w.WriteEndObject();
                    w.WriteBoolean("permission", check.Permission);
                    w.WriteEndObject();
                }

                w.WriteEndArray();
                w.WriteEndObject();
                w.WriteEndObject();
                w.WriteEndObject();
                w.WriteEndObject();
            });
        });
    }
}
