using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Modules.Photos;
using AccBackup.Storage;

namespace AccBackup.Tests.Modules.Photos;

/// <summary>Compares an exported Photos snapshot with the emulator's truth: every photo and video field for field, each one's bytes
/// by the SHA-256 of its blob, and every link that holds, whole.</summary>
internal static class PhotoTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, PhotoSnapshot snapshot, BlobContainer container)
    {
        var photos = truthProject.GetProperty("photos").EnumerateArray().ToList();
        Assert.Equal(photos.Count, snapshot.Photos.Count);
        foreach (var (expected, exported) in photos.Zip(snapshot.Photos))
        {
            Assert.True(JsonElement.DeepEquals(expected.GetProperty("photo"), exported.Photo), $"photo differs:\n{expected.GetProperty("photo")}\n{exported.Photo}");
            Assert.Null(exported.Error);
            Assert.NotNull(exported.Stored);
            Assert.Equal(expected.GetProperty("sha256").GetString(), exported.Stored.Sha256);
            await using var bytes = await container.OpenReadAsync(exported.Stored.BlobName, null, null, CancellationToken.None);
            Assert.Equal(exported.Stored.Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
        }

        var links = truthProject.GetProperty("links").EnumerateArray().ToList();
        Assert.Equal(links.Count, snapshot.Links.Count);
        Assert.All(links.Zip(snapshot.Links), pair => Assert.True(JsonElement.DeepEquals(pair.First, pair.Second), $"link differs:\n{pair.First}\n{pair.Second}"));
    }
}
