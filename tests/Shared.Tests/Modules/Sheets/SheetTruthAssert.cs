using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Modules.Sheets;
using AccBackup.Storage;

namespace AccBackup.Tests.Modules.Sheets;

/// <summary>Compares an exported sheet snapshot with the emulator's truth: collections, version sets and every sheet (deleted
/// ones and superseded issuances too) field for field, and each version set's PDF by the SHA-256 of the bytes in its blob.</summary>
internal static class SheetTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, SheetSnapshot snapshot, BlobContainer container)
    {
        AssertSame(truthProject.GetProperty("collections").EnumerateArray().ToList(), snapshot.Collections);
        var sets = truthProject.GetProperty("versionSets").EnumerateArray().ToList();
        Assert.Equal(sets.Count, snapshot.VersionSets.Count);
        foreach (var (truth, exported) in sets.Zip(snapshot.VersionSets))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("versionSet"), exported.VersionSet), $"version set differs:\n{truth}\n{exported.VersionSet}");
            Assert.Equal(truth.GetProperty("sheetIds").EnumerateArray().Select(i => i.GetString()), exported.SheetIds);
            Assert.Null(exported.PdfError);
            if (truth.GetProperty("pdfSha256").GetString() is not { } sha256)
            {
                Assert.Empty(exported.Pdfs);
                continue;
            }

            var pdf = Assert.Single(exported.Pdfs);
            Assert.Equal(sha256, pdf.Sha256);
            await using var bytes = await container.OpenReadAsync(pdf.BlobName, null, null, CancellationToken.None);
            Assert.Equal(sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
        }

        // The snapshot lists the live pass, then the deleted one; the truth lists sheets as issued.
        var byId = snapshot.Sheets.ToDictionary(s => s.GetProperty("id").GetString()!);
        var truthSheets = truthProject.GetProperty("sheets").EnumerateArray().ToList();
        Assert.Equal(truthSheets.Count, snapshot.Sheets.Count);
        foreach (var sheet in truthSheets)
        {
            Assert.True(byId.TryGetValue(sheet.GetProperty("id").GetString()!, out var exported), $"sheet missing: {sheet}");
            Assert.True(JsonElement.DeepEquals(sheet, exported), $"sheet differs:\n{sheet}\n{exported}");
        }
    }

    private static void AssertSame(List<JsonElement> expected, IReadOnlyList<JsonElement> actual)
    {
        Assert.Equal(expected.Count, actual.Count);
        foreach (var (e, a) in expected.Zip(actual))
        {
            Assert.True(JsonElement.DeepEquals(e, a), $"differs:\n{e}\n{a}");
        }
    }
}
