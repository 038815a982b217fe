using System.Text.Json;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using Azure;

namespace AccBackup.Manifest.Catalog;

/// <summary>The runs recorded in the container: every <c>$acc-backup/runs/{id}/manifest.json</c>, newest first.</summary>
public sealed class RunHistory(BlobContainer container, ManifestReader reader)
{
    private const string ManifestFileName = "/" + RunLayout.ManifestFileName;

    /// <summary>The run a restore "as of" <paramref name="at"/> reads: the last run that finished at or before it and stored
    /// what it saw (not a dry run), whatever its errors (its manifest keeps what earlier runs stored); null when none had.</summary>
    public async Task<RunListing?> AsOfAsync(DateTimeOffset at, CancellationToken cancellationToken) =>
        (await ListAsync(int.MaxValue, cancellationToken).ConfigureAwait(false))
            .Where(r => r.Summary is { Planned: 0 } s && s.FinishedAt <= at)
            .MaxBy(r => r.Summary!.FinishedAt);

    /// <summary>The <paramref name="top"/> most recent runs with their summaries; a manifest that cannot be read is listed with the reason.</summary>
    public async Task<IReadOnlyList<RunListing>> ListAsync(int top, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(top);
        var manifests = new List<BlobDescription>();
        await foreach (var blob in container.ListAsync(RunLayout.RunsPrefix, cancellationToken).ConfigureAwait(false))
        {
            var rest = blob.Name[RunLayout.RunsPrefix.Length..];
            if (rest.EndsWith(ManifestFileName, StringComparison.Ordinal) && !rest[..^ManifestFileName.Length].Contains('/', StringComparison.Ordinal))
            {
                manifests.Add(blob);
            }
        }

        var heads = new ManifestHeadReader(container, reader);
        var newest = manifests.OrderByDescending(b => b.LastModified).ThenByDescending(b => b.Name, StringComparer.Ordinal).Take(top);
        var listings = new List<RunListing>();
        foreach (var blob in newest)
        {
            var runId = blob.Name[RunLayout.RunsPrefix.Length..^ManifestFileName.Length];
            try
            {
                var summary = await heads.ReadSummaryAsync(runId, blob.Name, blob.Length, cancellationToken).ConfigureAwait(false);
                listings.Add(new RunListing(runId, blob.Name, blob.LastModified, summary, null));
            }
            catch (Exception e) when (e is JsonException or InvalidDataException or ArgumentException or RequestFailedException)
            {
                listings.Add(new RunListing(runId, blob.Name, blob.LastModified, null, e.Message));
            }
        }

        return listings;
    }
}
