using System.Buffers;
using System.Text.Json;
using AccEmulator.Accounts;
using AccEmulator.Content;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Rfis;

/// <summary>The oracle for RFI backups: every RFI (hidden and void ones too) whole with its responses, its comments, and its
/// attachments of all four types with the SHA-256 of the bytes actually served.</summary>
public sealed class RfiTruth
{
    private readonly RfiStore _store;
    private readonly ObjectHashes _hashes;

    internal RfiTruth(RfiStore store, ObjectHashes hashes)
    {
        _store = store;
        _hashes = hashes;
    }

    /// <summary><c>{"projects":[{"projectId","rfis":[{"rfi","comments","attachments":[{"attachment","sha256"}]}]}]}</c> for one
    /// project (GUID, with or without <c>b.</c>) or all.</summary>
    public async Task<JsonDocument> GetAsync(string? projectId = null, CancellationToken cancellationToken = default)
    {
        Guid? only = projectId is null ? null : Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        List<StorageObject> objects;
        lock (_store.SyncRoot)
        {
            objects = [.. Selected(only).SelectMany(p => p.Rfis).SelectMany(r => r.Attachments).Select(a => a.Storage)];
        }

        // Attachments never change (a new one is a new object), so hashes taken before the snapshot stay right.
        var hashes = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var storage in objects)
        {
            hashes[storage.ObjectKey] = (await _hashes.GetAsync(storage, cancellationToken).ConfigureAwait(false)).Sha256;
        }

        var buffer = new ArrayBufferWriter<byte>();
        lock (_store.SyncRoot)
        {
            using var w = new Utf8JsonWriter(buffer);
            w.WriteStartObject();
            w.WriteStartArray("projects");
            foreach (var (guid, rfis) in Selected(only))
            {
                w.WriteStartObject();
                w.WriteString("projectId", guid);
                w.WriteStartArray("rfis");
                foreach (var rfi in rfis)
                {
                    w.WriteStartObject();
                    w.WritePropertyName("rfi");
                    RfiJson.WriteWhole(w, rfi);
                    w.WriteStartArray("comments");
                    rfi.Comments.ForEach(c => RfiJson.WriteComment(w, c));
                    w.WriteEndArray();
                    w.WriteStartArray("attachments");
                    foreach (var attachment in rfi.Attachments)
                    {
                        w.WriteStartObject();
                        w.WritePropertyName("attachment");
                        RfiJson.WriteAttachment(w, attachment);
                        w.WriteString("sha256", hashes.GetValueOrDefault(attachment.Storage.ObjectKey));
                        w.WriteEndObject();
                    }

                    w.WriteEndArray();
                    w.WriteEndObject();
                }

                w.WriteEndArray();
                w.WriteEndObject();
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        return JsonDocument.Parse(buffer.WrittenMemory);
    }

    /// <summary><c>GET /_emulator/rfis/truth[?projectId=]</c>.</summary>
    internal static void Map(WebApplication app) =>
        app.MapGet("/_emulator/rfis/truth", async (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = await state.RfiTruth.GetAsync(projectId.Length == 0 ? null : projectId, request.HttpContext.RequestAborted);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);

    private IEnumerable<(Guid ProjectGuid, List<EmulatedRfi> Rfis)> Selected(Guid? only) => _store.Projects.Where(p => only is null || p.ProjectGuid == only);
}
