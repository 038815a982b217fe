using System.Buffers;
using System.Text.Json;
using AccEmulator.Accounts;
using AccEmulator.Content;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Photos;

/// <summary>The oracle for Photos backups: every photo and video as the listing gives it (no signed URLs), in creation order, with
/// the SHA-256 of the bytes its file URL serves; and every link that holds now, by id.</summary>
public sealed class PhotoTruth
{
    private readonly PhotoStore _store;
    private readonly ObjectHashes _hashes;

    internal PhotoTruth(PhotoStore store, ObjectHashes hashes)
    {
        _store = store;
        _hashes = hashes;
    }

    /// <summary><c>{"projects":[{"projectId","photos":[{"photo","sha256"}],"links":[…]}]}</c> for one project (GUID, with or
    /// without <c>b.</c>) or all.</summary>
    public async Task<JsonDocument> GetAsync(string? projectId = null, CancellationToken cancellationToken = default)
    {
        Guid? only = projectId is null ? null : Guid.Parse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId);
        List<StorageObject> objects;
        lock (_store.SyncRoot)
        {
            objects = [.. Selected(only).SelectMany(p => p.Photos).Select(p => p.File)];
        }

        // A photo's bytes never change (its object is never rewritten), so hashes taken before the snapshot stay right.
        var hashes = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var file in objects)
        {
            hashes[file.ObjectKey] = (await _hashes.GetAsync(file, cancellationToken).ConfigureAwait(false)).Sha256;
        }

        var buffer = new ArrayBufferWriter<byte>();
        lock (_store.SyncRoot)
        {
            using var w = new Utf8JsonWriter(buffer);
            w.WriteStartObject();
            w.WriteStartArray("projects");
            foreach (var project in Selected(only))
            {
                w.WriteStartObject();
                w.WriteString("projectId", project.ProjectGuid);
                w.WriteStartArray("photos");
                foreach (var photo in project.Photos.OrderBy(p => p.CreatedAt).ThenBy(p => p.Id.ToString("D"), StringComparer.Ordinal))
                {
                    w.WriteStartObject();
                    w.WritePropertyName("photo");
                    PhotoJson.WritePhoto(w, photo, null);
                    w.WriteString("sha256", hashes.GetValueOrDefault(photo.File.ObjectKey));
                    w.WriteEndObject();
                }

                w.WriteEndArray();
                w.WriteStartArray("links");
                foreach (var link in project.Relationships.Where(r => r.DeletedOn is null).OrderBy(r => r.Id.ToString("D"), StringComparer.Ordinal))
                {
                    PhotoJson.WriteRelationship(w, link);
                }

                w.WriteEndArray();
                w.WriteEndObject();
            }

            w.WriteEndArray();
            w.WriteEndObject();
        }

        return JsonDocument.Parse(buffer.WrittenMemory);
    }

    /// <summary><c>GET /_emulator/photos/truth[?projectId=]</c>.</summary>
    internal static void Map(WebApplication app) =>
        app.MapGet("/_emulator/photos/truth", async (HttpRequest request, EmulatorState state) =>
        {
            var projectId = request.Query["projectId"].ToString();
            using var truth = await state.PhotoTruth.GetAsync(projectId.Length == 0 ? null : projectId, request.HttpContext.RequestAborted);
            return Results.Json(truth.RootElement.Clone(), ControlEndpoints.Json);
        }).Aps(EndpointCategory.Control, false);

    private IEnumerable<ProjectPhotos> Selected(Guid? only) => _store.Projects.Where(p => only is null || p.ProjectGuid == only);
}
