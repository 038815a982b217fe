using System.Text;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Tests.Storage;

namespace AccBackup.Tests.Manifest;

/// <summary>Statuses are written camelCase, as the README documents them; manifests written before that still read.</summary>
public sealed class ManifestStatusNamesTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private static readonly DateTimeOffset Start = new(2026, 11, 22, 2, 0, 0, TimeSpan.Zero);

    public static TheoryData<ManifestStatus, string> Documented => new()
    {
        { ManifestStatus.Copied, "copied" },
        { ManifestStatus.Unchanged, "unchanged" },
        { ManifestStatus.NoContent, "noContent" },
        { ManifestStatus.Planned, "planned" },
        { ManifestStatus.Failed, "failed" },
        { ManifestStatus.Deleted, "deleted" },
        { ManifestStatus.Moved, "moved" },
    };

    [Theory]
    [MemberData(nameof(Documented))]
    public async Task WriteAsync_EachStatus_JsonAndCsvUseTheDocumentedName(ManifestStatus status, string documented)
    {
        var runId = "run-status-" + documented;
        var entry = Entry(status);

        await new ManifestWriter(fixture.Container, fixture.Container).WriteAsync(Summarize(runId, entry), () => new[] { entry }.ToAsyncEnumerable(), CancellationToken.None, updateLatest: false);

        var json = Encoding.UTF8.GetString(await fixture.ReadAllAsync(RunLayout.Json(runId)));
        var csv = Encoding.UTF8.GetString(await fixture.ReadAllAsync(RunLayout.Csv(runId))).TrimStart('\uFEFF').Split("\r\n");
        Assert.Contains($"\"status\":\"{documented}\"", json, StringComparison.Ordinal);
        Assert.StartsWith(documented + ",", csv[1], StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadAsync_ManifestWithPascalCaseStatuses_ReadsEveryStatus()
    {
        // As written before statuses were camelCase: such manifests are in users' storage.
        var files = string.Join(',', Enum.GetNames<ManifestStatus>().Select((name, i) =>
            $$"""{"projectId":"b.p","projectName":"P","path":"P/f{{i}}.txt","itemId":"urn:i:{{i}}","status":"{{name}}"}"""));
        var json = $$"""{"formatVersion":1,"summary":{"runId":"run-old","startedAt":"2026-11-20T02:00:00+00:00","finishedAt":"2026-11-20T02:01:00+00:00","files":7},"files":[{{files}}]}""";
        await fixture.Container.UploadAsync(RunLayout.Json("run-old"), Encoding.UTF8.GetBytes(json), null, CancellationToken.None);

        var manifest = await new ManifestReader(fixture.Container, fixture.Container).ReadAsync("run-old", CancellationToken.None);

        Assert.Equal(Enum.GetValues<ManifestStatus>(), manifest.Files.Select(f => f.Status));
    }

    [Theory]
    [InlineData("\"copiedd\"")]
    [InlineData("3")]
    public void Deserialize_UnknownStatus_Throws(string status)
    {
        var json = $$"""{"projectId":"b.p","projectName":"P","path":"P/f.txt","itemId":"urn:i","status":{{status}}}""";

        Assert.ThrowsAny<System.Text.Json.JsonException>(() => System.Text.Json.JsonSerializer.Deserialize(json, ManifestJsonContext.Default.ManifestEntry));
    }

    private static ManifestSummary Summarize(string runId, ManifestEntry entry)
    {
        var builder = new ManifestSummaryBuilder(runId, Start);
        builder.Add(entry);
        return builder.Build(Start.AddSeconds(1));
    }

    private static ManifestEntry Entry(ManifestStatus status) => new(
        "b.project", "P", "P/folder/file.rvt", "urn:item:1", "urn:version:1?version=1", 1, 10, 10, new string('a', 64), "P/folder/file.rvt", status, null);
}
