using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Writes;

/// <summary>The restore side's calls, written out as a client sends them (bodies after the APS reference), for the emulator's tests.</summary>
internal static class WriteRequests
{
    public const string JsonApi = "application/vnd.api+json";

    /// <summary>POST …/storage; returns the response (201 with the storage id on success).</summary>
    public static Task<HttpResponseMessage> CreateStorageAsync(ApsTestClient aps, string projectId, string folderId, string name, string? userId = null) =>
        SendAsync(aps, HttpMethod.Post, $"data/v1/projects/{projectId}/storage", new
        {
            type = "objects",
            attributes = new { name },
            relationships = new { target = Ref("folders", folderId) },
        }, userId: userId);

    /// <summary>Creates storage and uploads <paramref name="bytes"/> into it in parts of <paramref name="partBytes"/>; returns the storage id.</summary>
    public static async Task<string> UploadAsync(ApsTestClient aps, string projectId, string folderId, string name, byte[] bytes, int partBytes = 5 << 20)
    {
        using var storage = await CreateStorageAsync(aps, projectId, folderId, name);
        Assert.Equal(HttpStatusCode.Created, storage.StatusCode);
        var storageId = (await storage.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("data").GetProperty("id").GetString()!;
        var objectKey = ObjectKey(storageId);
        var parts = Math.Max(1, (bytes.Length + partBytes - 1) / partBytes);
        var signed = await aps.GetJsonAsync($"{UploadPath(objectKey)}?parts={parts}");
        var urls = signed.GetProperty("urls").EnumerateArray().Select(u => u.GetString()!).ToArray();
        var eTags = new List<string>();
        using var plain = new HttpClient();
        for (var i = 0; i < parts; i++)
        {
            var start = i * partBytes;
            using var put = await plain.PutAsync(urls[i], new ByteArrayContent(bytes, start, Math.Min(partBytes, bytes.Length - start)));
            Assert.Equal(HttpStatusCode.OK, put.StatusCode);
            eTags.Add(put.Headers.ETag!.Tag);
        }

        using var complete = await CompleteAsync(aps, objectKey, signed.GetProperty("uploadKey").GetString()!, bytes.Length, eTags);
        Assert.Equal(HttpStatusCode.OK, complete.StatusCode);
        return storageId;
    }

    public static Task<HttpResponseMessage> CompleteAsync(ApsTestClient aps, string objectKey, string uploadKey, long? size = null, IReadOnlyList<string>? eTags = null) =>
        aps.Http.PostAsync(UploadPath(objectKey), new StringContent(
            JsonSerializer.Serialize(new { uploadKey, size, eTags }), Encoding.UTF8, "application/json"));

    public static Task<HttpResponseMessage> CreateItemAsync(ApsTestClient aps, string projectId, string folderId, string name, string? storageId, string? userId = null) =>
        SendAsync(aps, HttpMethod.Post, $"data/v1/projects/{projectId}/items", new
        {
            type = "items",
            attributes = new { displayName = name, extension = new { type = "items:autodesk.bim360:File", version = "1.0" } },
            relationships = new { tip = Ref("versions", "1"), parent = Ref("folders", folderId) },
        }, [new
        {
            type = "versions",
            id = "1",
            attributes = new { name, extension = new { type = "versions:autodesk.bim360:File", version = "1.0" } },
            relationships = new { storage = Ref("objects", storageId) },
        }], userId);

    public static Task<HttpResponseMessage> CreateVersionAsync(ApsTestClient aps, string projectId, string itemId, string name, string storageId, string? userId = null) =>
        SendAsync(aps, HttpMethod.Post, $"data/v1/projects/{projectId}/versions", new
        {
            type = "versions",
            attributes = new { name, extension = new { type = "versions:autodesk.bim360:File", version = "1.0" } },
            relationships = new { item = Ref("items", itemId), storage = Ref("objects", storageId) },
        }, userId: userId);

    /// <summary>The undelete / roll-back call of the delete-and-restore tutorial: only the type, the version to copy in the query.</summary>
    public static Task<HttpResponseMessage> CopyFromAsync(ApsTestClient aps, string projectId, string versionId) =>
        SendAsync(aps, HttpMethod.Post, $"data/v1/projects/{projectId}/versions?copyFrom={Uri.EscapeDataString(versionId)}", new { type = "versions" });

    public static Task<HttpResponseMessage> DeleteAsync(ApsTestClient aps, string projectId, string itemId) =>
        SendAsync(aps, HttpMethod.Post, $"data/v1/projects/{projectId}/versions", new
        {
            type = "versions",
            attributes = new { extension = new { type = "versions:autodesk.core:Deleted", version = "1.0" } },
            relationships = new { item = Ref("items", itemId) },
        });

    public static Task<HttpResponseMessage> CreateFolderAsync(ApsTestClient aps, string projectId, string parentId, string name, string? userId = null) =>
        SendAsync(aps, HttpMethod.Post, $"data/v1/projects/{projectId}/folders", new
        {
            type = "folders",
            attributes = new { name, extension = new { type = "folders:autodesk.bim360:Folder", version = "1.0" } },
            relationships = new { parent = Ref("folders", parentId) },
        }, userId: userId);

    public static Task<HttpResponseMessage> PatchFolderAsync(ApsTestClient aps, string projectId, string folderId, bool hidden) =>
        SendAsync(aps, HttpMethod.Patch, $"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(folderId)}",
            new { type = "folders", id = folderId, attributes = new { hidden } });

    public static Task<HttpResponseMessage> CheckPermissionAsync(ApsTestClient aps, string projectId, string folderId, string[] actions, string? userId = null) =>
        SendAsync(aps, HttpMethod.Post, $"data/v1/projects/{projectId}/commands", new
        {
            type = "commands",
            attributes = new { extension = new { type = "commands:autodesk.core:CheckPermission", version = "1.0.0", data = new { requiredActions = actions } } },
            relationships = new { resources = new { data = new[] { new { type = "folders", id = folderId } } } },
        }, userId: userId);

    public static string UploadPath(string objectKey) => $"oss/v2/buckets/wip.dm.prod/objects/{ApsTestClient.Encode(objectKey)}/signeds3upload";

    public static string ObjectKey(string storageId) => storageId.Split('/')[^1];

    public static async Task<JsonElement> JsonAsync(HttpResponseMessage response) => await response.Content.ReadFromJsonAsync<JsonElement>();

    /// <summary>Deterministic bytes of a given length, different per <paramref name="seed"/>.</summary>
    public static byte[] Bytes(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    /// <summary>Sends <c>{"jsonapi":{"version":"1.0"},"data":…,"included":…}</c> as JSON:API, as the given user if any.</summary>
    private static async Task<HttpResponseMessage> SendAsync(ApsTestClient aps, HttpMethod method, string url, object data, object[]? included = null, string? userId = null)
    {
        var json = JsonSerializer.Serialize(included is null
            ? new { jsonapi = new { version = "1.0" }, data }
            : (object)new { jsonapi = new { version = "1.0" }, data, included });
        using var request = new HttpRequestMessage(method, url) { Content = new StringContent(json, Encoding.UTF8, JsonApi) };
        if (userId is not null)
        {
            request.Headers.Add("x-user-id", userId);
        }

        return await aps.Http.SendAsync(request);
    }

    private static object Ref(string type, string? id) => new { data = new { type, id } };
}
