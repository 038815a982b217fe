using System.Text;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Tests.Storage;

namespace AccBackup.Tests.Manifest.Serialization;

public sealed class ManifestWriterTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private static readonly DateTimeOffset Start = new(2026, 11, 22, 2, 0, 0, TimeSpan.Zero);

    [Fact]
    public async Task WriteAsync_ManyEntries_ReadsBackSummaryFirstAndEveryEntry()
    {
        var entries = Enumerable.Range(0, 30_000).Select(Entry).ToList();
        var summary = Summarize("run-many", entries);
        var writer = new ManifestWriter(fixture.Container, fixture.Container);

        await writer.WriteAsync(summary, () => entries.ToAsyncEnumerable(), CancellationToken.None);
        var manifest = await new ManifestReader(fixture.Container, fixture.Container).ReadAsync("latest", CancellationToken.None);

        Assert.Equal("run-many", manifest.Summary.RunId);
        Assert.Equal(entries, manifest.Files);
        Assert.Equal(entries.Count(e => e.SizeMismatch), manifest.Summary.SizeMismatchCount);
        Assert.Equal(5_000, manifest.Summary.SizeMismatchCount);
        var text = Encoding.UTF8.GetString(await fixture.ReadAllAsync(RunLayout.Json("run-many"), 0, 200));
        Assert.StartsWith("{\"formatVersion\":1,\"summary\":{\"runId\":\"run-many\"", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Summarize_EightEntries_CountsEachStatusAndListsMismatchesWithBothSizes()
    {
        var entries = Enumerable.Range(0, 8).Select(Entry).ToList();

        var summary = Summarize("run-counts", entries);

        Assert.Equal((8, 2, 2, 2, 2), (summary.Files, summary.Copied, summary.Unchanged, summary.NoContent, summary.Failed));
        var mismatch = Assert.Single(summary.SizeMismatches, m => m.Path == "P/folder/file-0.rvt");
        Assert.Equal((1000L, 999L), (mismatch.ApiSize, mismatch.StoredSize));
        Assert.Equal(28.0, summary.DurationSeconds);
    }

    [Fact]
    public async Task WriteAsync_Csv_QuotesSeparatorsAndNeutralisesFormulas()
    {
        var entries = new[]
        {
            Entry(1) with { Path = "P/a,b \"quoted\".pdf" },
            Entry(1) with { Path = "=HYPERLINK(\"x\")" },
        };
        await new ManifestWriter(fixture.Container, fixture.Container).WriteAsync(Summarize("run-csv", entries), () => entries.ToAsyncEnumerable(), CancellationToken.None);

        var csv = Encoding.UTF8.GetString(await fixture.ReadAllAsync(RunLayout.Csv("run-csv"))).TrimStart('\uFEFF').Split("\r\n");

        Assert.StartsWith("status,path,", csv[0], StringComparison.Ordinal);
        Assert.Contains(",\"P/a,b \"\"quoted\"\".pdf\",", csv[1], StringComparison.Ordinal);
        Assert.Contains(",\"'=HYPERLINK(\"\"x\"\")\",", csv[2], StringComparison.Ordinal);
    }

    [Fact]
    public async Task WriteAsync_NonAsciiAndJsonSpecialNames_WrittenAsUtf8ReadBackTheSame()
    {
        var entries = new[]
        {
            Entry(1) with { Path = "Projet Été/Plans 設計/Coupe \"A\" <1> & 2\\b\u0001.rvt" },
        };
        await new ManifestWriter(fixture.Container, fixture.Container).WriteAsync(Summarize("run-utf8", entries), () => entries.ToAsyncEnumerable(), CancellationToken.None);

        var json = Encoding.UTF8.GetString(await fixture.ReadAllAsync(RunLayout.Json("run-utf8")));
        var manifest = await new ManifestReader(fixture.Container, fixture.Container).ReadAsync("run-utf8", CancellationToken.None);

        Assert.Contains("Projet Été/Plans 設計/Coupe \\\"A\\\" <1> & 2\\\\b\\u0001.rvt", json, StringComparison.Ordinal);
        Assert.Equal(entries[0].Path, Assert.Single(manifest.Files).Path);
    }

    [Fact]
    public async Task ReadAsync_NoRunYet_SaysSoPlainly()
    {
        using var empty = new AccBackup.Storage.BlobContainer(
            Microsoft.Extensions.Options.Options.Create(AzuriteContainerFixture.OptionsFor(fixture.Azurite, AzuriteContainerFixture.NewContainerName())),
            Microsoft.Extensions.Logging.Abstractions.NullLogger<AccBackup.Storage.BlobContainer>.Instance);
        await empty.CreateIfNotExistsAsync(CancellationToken.None);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => new ManifestReader(empty, empty).ReadAsync("latest", CancellationToken.None));

        Assert.Contains("No backup run has finished yet", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("../escape")]
    [InlineData("a/b")]
    [InlineData("")]
    public void Json_BadRunId_IsRefused(string runId)
    {
        Assert.Throws<ArgumentException>(() => RunLayout.Json(runId));
    }

    private static ManifestSummary Summarize(string runId, IEnumerable<ManifestEntry> entries)
    {
        var builder = new ManifestSummaryBuilder(runId, Start);
        foreach (var entry in entries)
        {
            builder.Add(entry);
        }

        return builder.Build(Start.AddSeconds(28));
    }

    private static ManifestEntry Entry(int i)
    {
        var status = new[] { ManifestStatus.Copied, ManifestStatus.Unchanged, ManifestStatus.NoContent, ManifestStatus.Failed }[i % 4];
        var stored = status is ManifestStatus.Copied or ManifestStatus.Unchanged ? 999L : (long?)null;
        return new ManifestEntry(
            "b.project", "P", $"P/folder/file-{i}.rvt", $"urn:item:{i}", $"urn:version:{i}?version=1", 1,
            i % 3 == 0 ? 1000 : 999, stored, stored is null ? null : new string('a', 64), $"P/folder/file-{i}.rvt", status,
            status == ManifestStatus.Failed ? "download failed: connection broke" : null);
    }
}
