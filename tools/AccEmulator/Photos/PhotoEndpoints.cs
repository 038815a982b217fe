using System.Text.Json;
using AccEmulator.Accounts;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Photos;

/// <summary>
/// The ACC Photos API (<c>/construction/photos/v1/projects/{projectId}/…</c>, project id without <c>b.</c>): <c>POST photos:filter</c>
/// with cursor paging (<see cref="PhotoFilter"/>) in the envelope <c>{pagination{limit,nextPost{url,body{cursorState}}},results[]}</c>,
/// and one photo (<c>GET photos/{photoId}?include=signedUrls</c>). Signed URLs are the emulator's S3-style download URLs of the
/// photo's object, valid an hour (or <see cref="Faults.FaultOptions.SignedUrlLifetime"/>). Only a user-context token reaches them
/// (<see cref="UserContextAccessFilter"/>); both count against one quota (100 a minute per app: UNCONFIRMED, Autodesk publishes none).
/// </summary>
internal static class PhotoEndpoints
{
    private static readonly TimeSpan UrlLifetime = TimeSpan.FromHours(1);

    public static void Map(WebApplication app)
    {
        var project = app.MapGroup("/construction/photos/v1/projects/{projectId}").AddEndpointFilter(new UserContextAccessFilter("Photos", Project));
        project.MapPost("/photos:filter", FilterAsync).Aps(EndpointCategory.Photos);
        project.MapGet("/photos/{photoId}", GetPhoto).Aps(EndpointCategory.Photos);
    }

    /// <summary>The project of a route (a GUID without <c>b.</c>) when the account has it; null otherwise.</summary>
    internal static Guid? Project(EmulatorState state, string projectId)
    {
        if (projectId.StartsWith("b.", StringComparison.Ordinal) || !Guid.TryParse(projectId, out var guid))
        {
            return null;
        }

        lock (state.Photos.SyncRoot)
        {
            return state.Photos.Find(guid) is null ? null : guid;
        }
    }

    private static async Task<IResult> FilterAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        JsonElement body;
        try
        {
            body = request.ContentLength == 0 ? JsonDocument.Parse("{}").RootElement : await request.ReadFromJsonAsync<JsonElement>(request.HttpContext.RequestAborted);
        }
        catch (JsonException e)
        {
            return BadRequest("The body is not JSON: " + e.Message);
        }

        if (!PhotoFilter.TryParse(body, out var filter, out var error))
        {
            return BadRequest(error!);
        }

        var links = ApiLinks.For(request);
        lock (state.Photos.SyncRoot)
        {
            var matching = filter.Apply(state.Photos.Find(Guid.Parse(projectId))!.Photos).ToList();
            var page = matching.Skip(filter.Offset).Take(filter.Limit).ToList();
            var signedAt = state.Clock.GetUtcNow() - (state.Photos.ListExpiredUrls ? Lifetime(state) + TimeSpan.FromMinutes(1) : TimeSpan.Zero);
            return JsonBody.Object(w =>
            {
                w.WriteStartObject("pagination");
                w.WriteNumber("limit", filter.Limit);
                if (filter.Offset + filter.Limit < matching.Count)
                {
                    w.WriteStartObject("nextPost");
                    w.WriteString("url", $"{links.BaseUrl}/construction/photos/v1/projects/{projectId}/photos:filter");
                    w.WriteStartObject("body");
                    w.WriteString("cursorState", filter.NextCursor());
                    w.WriteEndObject();
                    w.WriteEndObject();
                }

                w.WriteEndObject();
                w.WriteStartArray("results");
                foreach (var photo in page)
                {
                    PhotoJson.WritePhoto(w, photo, filter.SignedUrls ? Signed(state, links, photo, signedAt) : null);
                }

                w.WriteEndArray();
            });
        }
    }

    private static IResult GetPhoto(string projectId, string photoId, HttpRequest request, EmulatorState state)
    {
        var signed = request.Query["include"].Any(v => v?.Split(',').Contains("signedUrls") == true);
        lock (state.Photos.SyncRoot)
        {
            if (!Guid.TryParse(photoId, out var id) || state.Photos.FindPhoto(id) is not { } photo || photo.ProjectGuid != Guid.Parse(projectId))
            {
                return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Photo '{photoId}' not found.", "ERR_NOT_FOUND");
            }

            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            using (var w = new Utf8JsonWriter(buffer))
            {
                PhotoJson.WritePhoto(w, photo, signed ? Signed(state, ApiLinks.For(request), photo, state.Clock.GetUtcNow()) : null);
            }

            return new JsonBytesResult(buffer.WrittenMemory, StatusCodes.Status200OK, JsonBody.JsonContentType);
        }
    }

    private static (string, string) Signed(EmulatorState state, ApiLinks links, EmulatedPhoto photo, DateTimeOffset signedAt)
    {
        var url = state.Signer.CreateUrl(links.BaseUrl, StorageObject.Bucket, photo.File.ObjectKey, null, signedAt, Lifetime(state));
        return (url, url);
    }

    private static TimeSpan Lifetime(EmulatorState state) => state.Faults.Options.SignedUrlLifetime ?? UrlLifetime;

    private static IResult BadRequest(string message) => ApsErrors.Gateway(StatusCodes.Status400BadRequest, message, "ERR_BAD_INPUT");
}
