using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Manifest.Serialization;

/// <summary>Reads manifests back: the latest pointer, or a run by id.</summary>
public sealed class ManifestReader(BlobContainer container, [FromKeyedServices(BlobContainer.StateKey)] BlobContainer state)
{
    /// <summary>The latest run's pointer, or null when no run has finished yet.</summary>
    /// <remarks>The pointer lives in the state container; a backup written before the state container existed kept it in the
    /// backup container, where it is read (never written) until the first run on this layout moves it.</remarks>
    public async Task<LatestRun?> GetLatestAsync(CancellationToken cancellationToken) =>
        await ReadPointerAsync(state, cancellationToken).ConfigureAwait(false) ?? await ReadPointerAsync(container, cancellationToken).ConfigureAwait(false);

    private static async Task<LatestRun?> ReadPointerAsync(BlobContainer holder, CancellationToken cancellationToken)
    {
        try
        {
            var stream = await holder.OpenReadAsync(RunLayout.LatestPointer, null, null, cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                return await JsonSerializer.DeserializeAsync(stream, ManifestJsonContext.Default.LatestRun, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobNotFound || e.ErrorCode == BlobErrorCode.ContainerNotFound)
        {
            return null;
        }
    }

    /// <summary>The manifest of <paramref name="runId"/> ("latest" for the latest run).</summary>
    public Task<RunManifest> ReadAsync(string runId, CancellationToken cancellationToken) => ReadAsync(runId, null, cancellationToken);

    /// <summary>The manifest of run <paramref name="runId"/> (or "latest"), read with <paramref name="type"/> when given
    /// (e.g. strings shared with other records: <see cref="Runs.State.SharedStrings"/>).</summary>
    /// <exception cref="InvalidOperationException">"latest" was asked and no run has finished.</exception>
    public async Task<RunManifest> ReadAsync(string runId, JsonTypeInfo<RunManifest>? type, CancellationToken cancellationToken)
    {
        if (string.Equals(runId, "latest", StringComparison.OrdinalIgnoreCase))
        {
            runId = (await GetLatestAsync(cancellationToken).ConfigureAwait(false))?.RunId
                ?? throw new InvalidOperationException("No backup run has finished yet: there is no latest manifest.");
        }

        var stream = await container.OpenReadAsync(RunLayout.Json(runId), null, null, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await JsonSerializer.DeserializeAsync(stream, type ?? ManifestJsonContext.Default.RunManifest, cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidDataException($"Manifest of run '{runId}' is empty.");
        }
    }
}
