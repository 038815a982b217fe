using AccBackup.Backup.Listing;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Runs.State;

/// <summary>Loads an earlier run's state from blob storage, once per process for the run it was last asked for.</summary>
public sealed class PreviousRunStateStore([FromKeyedServices(BlobContainer.StateKey)] BlobContainer container, NdjsonBlobs blobs, ManifestReader manifests) : IDisposable
{
    private readonly SemaphoreSlim gate = new(1, 1);
    private PreviousRunState? cached;

    /// <summary>The state of <paramref name="runId"/>; throws <see cref="InvalidDataException"/> when it is incomplete or unreadable.</summary>
    public async Task<PreviousRunState> LoadAsync(string runId, CancellationToken cancellationToken)
    {
        await gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (cached?.RunId == runId && cached.HasTree)
            {
                return cached;
            }

            // The manifest, the folder tree and the inventory are read at once: each is many round trips or many MiB.
            // Their strings are shared: a file's ids, names and path appear in both the manifest and the inventory.
            var strings = new SharedStrings();
            var manifestRead = manifests.ReadAsync(runId, strings.TypeInfo<RunManifest>(ManifestJsonContext.Default), cancellationToken);
            var foldersRead = ReadAllAsync(RunLayout.FolderStatePrefix(runId), strings.TypeInfo<FolderRef>(RunJsonContext.Default), cancellationToken);
            var recordsRead = ReadAllAsync(RunLayout.InventoryPrefix(runId), strings.TypeInfo<InventoryRecord>(RunJsonContext.Default), cancellationToken);
            await ((Task)Task.WhenAll(manifestRead, foldersRead, recordsRead)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            var (manifest, folders, records) = (await manifestRead.ConfigureAwait(false), await foldersRead.ConfigureAwait(false), await recordsRead.ConfigureAwait(false));

            // A run whose projects could not be listed may have recorded no folder at all; any other run with files must have.
            if (folders.Count == 0 && manifest.Summary.Files > 0 && manifest.Summary.FailedProjects.Count == 0)
            {
                throw new InvalidDataException($"Run {runId} recorded no folder state.");
            }

            cached = new PreviousRunState(manifest, folders, records);
            return cached;
        }
        finally
        {
            gate.Release();
        }
    }

    /// <summary>What <paramref name="runId"/> stored, for a listing that lists every folder but should not copy again the
    /// bytes that run already holds: its full state when loaded, else its manifest alone (kept for the next listing).</summary>
    public async Task<PreviousRunState> LoadStoredAsync(string runId, CancellationToken cancellationToken)
    {
        await gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (cached?.RunId != runId)
            {
                var manifest = await manifests.ReadAsync(runId, new SharedStrings().TypeInfo<RunManifest>(ManifestJsonContext.Default), cancellationToken).ConfigureAwait(false);
                cached = new PreviousRunState(manifest, [], []);
            }

            return cached;
        }
        finally
        {
            gate.Release();
        }
    }

    /// <summary>Only the manifest of <paramref name="runId"/>, for the fan-in: from the state already loaded, else read alone.</summary>
    /// <remarks>The fan-in is the last reader of a run's state, so the folder tree and the inventory the listings used
    /// are let go here: they are half the state's memory, and the manifest being written needs the other half.
    /// A listing asking again (another run in this process) loads the state afresh.</remarks>
    public async Task<RunManifest> LoadManifestForFanInAsync(string runId, CancellationToken cancellationToken)
    {
        await gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var state = cached;
            cached = null;
            if (state?.RunId == runId)
            {
                return state.Manifest;
            }
        }
        finally
        {
            gate.Release();
        }

        return await manifests.ReadAsync(runId, new SharedStrings().TypeInfo<RunManifest>(ManifestJsonContext.Default), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public void Dispose() => gate.Dispose();

    private async Task<List<T>> ReadAllAsync<T>(string prefix, System.Text.Json.Serialization.Metadata.JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        var names = new List<string>();
        await foreach (var blob in container.ListAsync(prefix, cancellationToken).ConfigureAwait(false))
        {
            names.Add(blob.Name);
        }

        var all = new List<T>();
        await foreach (var records in blobs.ReadEachAsync(names, type, cancellationToken).ConfigureAwait(false))
        {
            all.AddRange(records ?? []);
        }

        return all;
    }
}
