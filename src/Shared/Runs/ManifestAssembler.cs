using System.Runtime.CompilerServices;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Runs;

/// <summary>The fan-in activity: gathers every chunk's results into the run's manifest.</summary>
/// <remarks>A chunk whose copy never reported back is listed file by file as failed: nothing is dropped silently.</remarks>
public sealed class ManifestAssembler(BlobContainer container, NdjsonBlobs blobs, ManifestWriter writer, TimeProvider time)
{
    /// <summary>Reason recorded for files of a chunk whose copy activity never completed.</summary>
    public const string NotCopiedReason = "the copy of this file's batch did not complete (see the run's logs)";

    /// <summary>Writes the manifest of <paramref name="input"/>'s run and moves the latest pointer to it.</summary>
    public async Task<LatestRun> WriteAsync(ManifestAssemblyInput input, CancellationToken cancellationToken)
    {
        var chunks = new List<string>();
        await foreach (var blob in container.ListAsync(RunLayout.InventoryPrefix(input.RunId), cancellationToken).ConfigureAwait(false))
        {
            chunks.Add(blob.Name);
        }

        chunks.Sort(StringComparer.Ordinal);
        var builder = new ManifestSummaryBuilder(input.RunId, input.StartedAt) { Projects = input.Projects, Folders = input.FoldersListed };
        foreach (var failure in input.FailedProjects)
        {
            builder.AddFailedProject(failure);
        }

        await foreach (var entry in EntriesAsync(chunks, cancellationToken).ConfigureAwait(false))
        {
            builder.Add(entry);
        }

        var summary = builder.Build(time.GetUtcNow());
        return await writer.WriteAsync(summary, () => EntriesAsync(chunks, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    private async IAsyncEnumerable<ManifestEntry> EntriesAsync(IReadOnlyList<string> chunks, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        foreach (var chunk in chunks)
        {
            var results = await blobs.ReadAsync(RunLayout.Results(chunk), RunJsonContext.Default.ManifestEntry, cancellationToken).ConfigureAwait(false);
            if (results is not null)
            {
                foreach (var entry in results)
                {
                    yield return entry;
                }

                continue;
            }

            var records = await blobs.ReadAsync(chunk, RunJsonContext.Default.InventoryRecord, cancellationToken).ConfigureAwait(false) ?? [];
            foreach (var record in records)
            {
                yield return record.ToCopyRequest(force: false) is null ? record.WithoutContent() : record.NotCopied(NotCopiedReason);
            }
        }
    }
}

/// <summary>Input of the fan-in: the run and what only the driver knows (counts and failed projects).</summary>
public sealed record ManifestAssemblyInput(string RunId, DateTimeOffset StartedAt, int Projects, long FoldersListed, IReadOnlyList<ProjectFailure> FailedProjects);
