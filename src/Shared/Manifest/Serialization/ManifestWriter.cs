using System.Buffers;
using System.Text;
using System.Text.Json;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Manifest.Serialization;

/// <summary>Writes a run's manifest (JSON, summary first, then every file) and its CSV twin once, in the backup container,
/// and moves the latest-run pointer in the state container.</summary>
/// <remarks>The entries are read once, each written to both files as it comes (<see cref="ManifestBlob"/>): memory stays at
/// a few MiB for any number of files, and the summary, known only after the last entry, still comes first.</remarks>
public sealed class ManifestWriter(BlobContainer container, [FromKeyedServices(BlobContainer.StateKey)] BlobContainer state)
{
    private const int FormatVersion = 1;
    private static readonly byte[] CsvHead = [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(ManifestCsv.Header + "\r\n")];

    /// <summary>Writes the manifest of <paramref name="summary"/>'s run; <paramref name="entries"/> is enumerated once.</summary>
    /// <param name="updateLatest">Whether the latest-run pointer moves to this run (not for dry runs).</param>
    public Task<LatestRun> WriteAsync(ManifestSummary summary, Func<IAsyncEnumerable<ManifestEntry>> entries, CancellationToken cancellationToken, bool updateLatest = true)
    {
        ArgumentNullException.ThrowIfNull(summary);
        ArgumentNullException.ThrowIfNull(entries);
        return WriteAsync(summary.RunId, entries(), () => summary, cancellationToken, updateLatest);
    }

    /// <summary>Writes the manifest of run <paramref name="runId"/> from <paramref name="entries"/>, enumerated once;
    /// <paramref name="summarize"/> is called after the last entry and gives the summary the manifest starts with.</summary>
    /// <param name="updateLatest">Whether the latest-run pointer moves to this run (not for dry runs).</param>
    public async Task<LatestRun> WriteAsync(
        string runId, IAsyncEnumerable<ManifestEntry> entries, Func<ManifestSummary> summarize, CancellationToken cancellationToken, bool updateLatest = true)
    {
        ArgumentNullException.ThrowIfNull(entries);
        ArgumentNullException.ThrowIfNull(summarize);
        var json = new ManifestBlob(container, RunLayout.Json(runId));
        var csv = new ManifestBlob(container, RunLayout.Csv(runId));
        // Names and paths as they are (UTF-8), only what JSON requires escaped: readable, and the manifest is never embedded in HTML.
        using (var files = new Utf8JsonWriter(json.Body, new JsonWriterOptions { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            files.WriteStartArray();
            await foreach (var entry in entries.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                // Flushed after each entry: the writer then holds none of the body's memory when a block is staged.
                JsonSerializer.Serialize(files, entry, ManifestJsonContext.Default.ManifestEntry);
                files.Flush();
                Encoding.UTF8.GetBytes(ManifestCsv.Row(entry) + "\r\n", csv.Body);
                await json.StageFullBlockAsync(cancellationToken).ConfigureAwait(false);
                await csv.StageFullBlockAsync(cancellationToken).ConfigureAwait(false);
            }

            files.WriteEndArray();
        }

        json.Body.Write("}"u8);
        var summary = summarize();
        if (summary.RunId != runId)
        {
            throw new InvalidOperationException($"The summary of run {summary.RunId} cannot head the manifest of run {runId}.");
        }

        var run = new LatestRun(runId, json.Name, csv.Name, summary);
        // Written once (create-only, as everything in the backup container). The CSV goes first: a JSON manifest is what
        // marks a run finished, so it is committed last. A CSV left by an attempt that stopped before its JSON holds the
        // same rows (the entries come from the same records) and is kept.
        try
        {
            await csv.CommitAsync(CsvHead, new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = "text/csv; charset=utf-8" }, Conditions = BlobContainer.CreateOnly }, cancellationToken).ConfigureAwait(false);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobAlreadyExists || e.ErrorCode == BlobErrorCode.ConditionNotMet)
        {
        }

        await json.CommitAsync(JsonHead(summary), new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = "application/json" }, Conditions = BlobContainer.CreateOnly }, cancellationToken).ConfigureAwait(false);
        if (updateLatest)
        {
            await PointLatestAsync(run, cancellationToken).ConfigureAwait(false);
        }

        return run;
    }

    /// <summary>The run's manifest when an earlier attempt already wrote it (manifests are written once), else null.</summary>
    public async Task<LatestRun?> FindWrittenAsync(string runId, CancellationToken cancellationToken)
    {
        var json = RunLayout.Json(runId);
        if (await container.GetPropertiesAsync(json, cancellationToken).ConfigureAwait(false) is not { } blob)
        {
            return null;
        }

        var summary = await new ManifestHeadReader(container, new ManifestReader(container, state))
            .ReadSummaryAsync(runId, json, blob.Length, cancellationToken).ConfigureAwait(false);
        return new LatestRun(runId, json, RunLayout.Csv(runId), summary);
    }

    /// <summary>Moves the latest-run pointer (state container) to <paramref name="run"/>; called only once its manifest is complete.</summary>
    public Task PointLatestAsync(LatestRun run, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(run);
        var pointer = JsonSerializer.SerializeToUtf8Bytes(run, ManifestJsonContext.Default.LatestRun);
        return state.UploadAsync(RunLayout.LatestPointer, pointer, new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = "application/json" } }, cancellationToken);
    }

    /// <summary>The manifest's first bytes: the format, the summary and the name of the files array the body opens.</summary>
    private static ReadOnlyMemory<byte> JsonHead(ManifestSummary summary)
    {
        var head = new ArrayBufferWriter<byte>(4096);
        using (var json = new Utf8JsonWriter(head))
        {
            json.WriteStartObject();
            json.WriteNumber("formatVersion", FormatVersion);
            json.WritePropertyName("summary");
            JsonSerializer.Serialize(json, summary, ManifestJsonContext.Default.ManifestSummary);
            json.WritePropertyName("files");
        }

        return head.WrittenMemory;
    }
}
