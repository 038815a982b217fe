using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Storage;
using Xunit;

namespace AccBackup.Testing;

/// <summary>What every module's comparison with the emulator's truth checks: records as the API gives them (in order, or by id)
/// and stored bytes by the SHA-256 of their blob.</summary>
public static class TruthAssert
{
    /// <summary>Each element of the truth's array <paramref name="expected"/> equals the one at its place in <paramref name="actual"/>.</summary>
    public static void SameRecords(JsonElement expected, IReadOnlyList<JsonElement> actual)
    {
        ArgumentNullException.ThrowIfNull(actual);
        var items = expected.EnumerateArray().ToList();
        Assert.Equal(items.Count, actual.Count);
        foreach (var (e, a) in items.Zip(actual))
        {
            Assert.True(JsonElement.DeepEquals(e, a), $"differs:\n{e}\n{a}");
        }
    }

    /// <summary>The truth's array <paramref name="expected"/> and <paramref name="actual"/> hold the same records, matched by their
    /// <paramref name="id"/> property (for a snapshot that lists them in another order, e.g. pass by pass).</summary>
    public static void SameRecordsById(JsonElement expected, IReadOnlyList<JsonElement> actual, string id = "id")
    {
        ArgumentNullException.ThrowIfNull(actual);
        var byId = actual.ToDictionary(a => a.GetProperty(id).GetString()!, StringComparer.Ordinal);
        var items = expected.EnumerateArray().ToList();
        Assert.Equal(items.Count, byId.Count);
        foreach (var item in items)
        {
            Assert.True(byId.TryGetValue(item.GetProperty(id).GetString()!, out var found), $"missing: {item}");
            Assert.True(JsonElement.DeepEquals(item, found), $"differs:\n{item}\n{found}");
        }
    }

    /// <summary>The bytes of blob <paramref name="blobName"/> hash (SHA-256, lower-case hex) to <paramref name="sha256"/>.</summary>
    public static async Task StoredBytesAsync(BlobContainer container, string blobName, string? sha256)
    {
        ArgumentNullException.ThrowIfNull(container);
        await using var bytes = await container.OpenReadAsync(blobName, null, null, CancellationToken.None);
        Assert.Equal(sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
    }
}
