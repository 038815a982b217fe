using System.Text.Json;
using AccBackup.Modules.Sheets;
using AccBackup.Storage;
using AccBackup.Testing;

namespace AccBackup.Tests.Modules.Sheets;

/// <summary>Compares an exported sheet snapshot with the emulator's truth: collections, version sets and every sheet (deleted
/// ones and superseded issuances too) field for field, and each version set's PDF by the SHA-256 of the bytes in its blob.</summary>
internal static class SheetTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, SheetSnapshot snapshot, BlobContainer container)
    {
        TruthAssert.SameRecords(truthProject.GetProperty("collections"), snapshot.Collections);
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
            await TruthAssert.StoredBytesAsync(container, pdf.BlobName, sha256);
        }

        // The snapshot lists the live pass, then the deleted one; the truth lists sheets as issued.
        TruthAssert.SameRecordsById(truthProject.GetProperty("sheets"), snapshot.Sheets);
    }
}
