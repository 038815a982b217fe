using System.Collections.Concurrent;
using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Naming;
using AccBackup.Backup.Settings;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs.State;
using AccBackup.Storage;
using AccBackup.Verification;
using Azure;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs.Activities;

/// <summary>The nightly proof: checks tonight's <see cref="ProofSlice"/> of the blobs the latest run holds, and stores again from
/// ACC each one found missing or damaged while ACC still serves that version. Both drivers call it right before the manifest.</summary>
/// <remarks>
/// A nightly run trusts what the run before stored (an unchanged folder costs no blob call), so without this a blob deleted or
/// changed behind the backup's back would go unseen until someone ran <c>verify</c>. Write-once shapes the repair: a missing blob
/// is created again under its own name (create-only); a damaged one cannot be replaced, so the version goes to a new name
/// (<see cref="BlobPathBuilder.Alternate"/>) and the manifest names that (<see cref="ProofFinding.Repoint"/>). Never throws for a
/// blob: what it cannot check or restore is a finding. Idempotent: a repeated call finds the restored blobs and stores nothing.
/// </remarks>
public sealed partial class ProveStoredBlobsActivity(
    BlobContainer container, Runs.State.PreviousRunStateStore previousRuns, ApsDataClient data, BlobCopier copier, IOptions<BackupOptions> options, ILogger<ProveStoredBlobsActivity> logger)
    : IRunActivity<ProveStoredBlobsInput, ProofSummary?>
{
    /// <inheritdoc />
    Task<ProofSummary?> IRunActivity<ProveStoredBlobsInput, ProofSummary?>.RunAsync(ProveStoredBlobsInput input, CancellationToken cancellationToken) =>
        ProveAsync(input, cancellationToken);

    /// <summary>Blobs checked at once.</summary>
    private const int Parallelism = 8;

    private readonly StoredBlobCheck check = new(container);

    /// <summary>Proves tonight's slice; null when there is nothing stored to prove (a first run) or the latest run's manifest cannot be read.</summary>
    public async Task<ProofSummary?> ProveAsync(ProveStoredBlobsInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (input.BaseRunId is not { } baseRunId)
        {
            return null;
        }

        RunManifest manifest;
        try
        {
            // The run's own copy of that manifest when its listings loaded it (the fan-in reads it from there too): read once a night.
            manifest = (await previousRuns.LoadStoredAsync(baseRunId, cancellationToken).ConfigureAwait(false)).Manifest;
        }
        catch (Exception e) when (e is RequestFailedException or InvalidDataException or System.Text.Json.JsonException or InvalidOperationException)
        {
            Log.BaseRunUnreadable(logger, input.RunId, baseRunId, e.Message);
            return null;
        }

        // Each blob once: a renamed file's entries share the blob stored for its bytes. Deleted and moved files' blobs are kept, so proven too.
        var blobs = manifest.Files
            .Where(e => e.IsCheckable && (e.IsStored || e.Status is ManifestStatus.Deleted or ManifestStatus.Moved))
            .DistinctBy(e => e.BlobName, StringComparer.Ordinal)
            .ToList();
        var slice = ProofSlice.For(input.StartedAt, options.Value.ProveAllWithinDays);
        var tonight = blobs.Where(e => slice.Checks(e.BlobName!)).ToList();
        var findings = new ConcurrentBag<ProofFinding>();
        long hashed = 0, proven = 0;
        await Parallel.ForEachAsync(tonight, new ParallelOptions { MaxDegreeOfParallelism = Parallelism, CancellationToken = cancellationToken }, async (entry, ct) =>
        {
            var readWhole = slice.Hashes(entry.BlobName!);
            // An archived blob (Backup tiers, Archive) is offline: its properties prove it tonight, a read would only fail.
            var (found, _) = await check.CheckAsync(entry, readWhole, readArchived: false, ct).ConfigureAwait(false);
            Interlocked.Add(ref hashed, readWhole ? 1 : 0);
            if (found is null)
            {
                Interlocked.Increment(ref proven);
                return;
            }

            var finding = found.Problem switch
            {
                VerificationProblem.ReadFailed => new ProofFinding(entry.Path, entry.BlobName!, ProofFinding.Unreadable, found.Detail),
                VerificationProblem.Missing => await RestoreAsync(entry, ProofFinding.Missing, found.Detail, entry.BlobName!, ct).ConfigureAwait(false),
                _ => await RestoreAsync(entry, ProofFinding.Damaged, found.Detail, BlobPathBuilder.Alternate(entry.BlobName!, entry.VersionId ?? entry.ItemId), ct).ConfigureAwait(false),
            };
            Log.Found(logger, input.RunId, finding.Problem, entry.BlobName!, finding.Detail, finding.RestoredTo ?? "not restored");
            findings.Add(finding);
        }).ConfigureAwait(false);

        var all = findings.OrderBy(f => f.BlobName, StringComparer.Ordinal).ToList();
        var summary = new ProofSummary(blobs.Count, tonight.Count, hashed, proven,
            all.Count(f => f.Problem == ProofFinding.Missing), all.Count(f => f.Problem == ProofFinding.Damaged), all.Count(f => f.Problem == ProofFinding.Unreadable),
            all.Count(f => f.RestoredTo is not null),
            // What travels to the manifest (through Durable's history, so bounded): the findings it lists, and every one
            // that moves entries to a new blob, which the manifest must apply; the counts above cover them all.
            [.. all.Take(ProofSummary.MaxFindingsListed).Concat(all.Skip(ProofSummary.MaxFindingsListed).Where(f => f.MovesEntries))]);
        Log.Proven(logger, input.RunId, summary.Checked, summary.Hashed, summary.Blobs, summary.Missing, summary.Damaged, summary.Restored);
        return summary;
    }

    /// <summary>Stores <paramref name="entry"/>'s version again from ACC under <paramref name="blobName"/>: the version read from
    /// Data Management (so a version ACC no longer serves is reported, not guessed), its bytes copied and verified as any night's.</summary>
    private async Task<ProofFinding> RestoreAsync(ManifestEntry entry, string problem, string detail, string blobName, CancellationToken cancellationToken)
    {
        var finding = new ProofFinding(entry.Path, entry.BlobName!, problem, detail);
        if (entry.VersionId is not { } versionId)
        {
            return finding with { Detail = detail + "; not restored: the manifest entry names no version" };
        }

        AccFileVersion version;
        try
        {
            version = await data.GetVersionAsync(entry.ProjectId, versionId, cancellationToken).ConfigureAwait(false);
        }
        catch (ApsException e)
        {
            return finding with { Detail = $"{detail}; not restored: ACC does not serve version {versionId} ({e.Message})" };
        }

        if (version.Storage is not { } storage)
        {
            return finding with { Detail = $"{detail}; not restored: ACC's version {versionId} has no bytes" };
        }

        var request = new FileCopyRequest(entry.ProjectId, entry.ItemId, versionId, entry.VersionNumber ?? version.VersionNumber, entry.ApiSize ?? version.StorageSize,
            storage, blobName, entry.Path, version.LastModifiedTime);
        try
        {
            var result = await copier.CopyAsync(request, cancellationToken).ConfigureAwait(false);
            return finding with { RestoredTo = result.Request.BlobName, StoredSize = result.StoredBytes, Sha256 = result.Sha256, Verification = result.Verification };
        }
        catch (FileCopyException e)
        {
            return finding with { Detail = $"{detail}; not restored: {e.Reason}" };
        }
        catch (Exception e) when (e is RequestFailedException or ApsException or HttpRequestException or IOException)
        {
            // A finding, not the night's end: the manifest is still written, and the next proof of this blob tries again.
            return finding with { Detail = $"{detail}; not restored: {e.Message}" };
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 8001, Level = LogLevel.Information, Message = "Backup run {RunId}: proved {Checked} stored blobs ({Hashed} read whole) of {Blobs}; {Missing} missing, {Damaged} damaged, {Restored} stored again from ACC")]
        public static partial void Proven(ILogger logger, string runId, long @checked, long hashed, long blobs, long missing, long damaged, long restored);

        [LoggerMessage(EventId = 8002, Level = LogLevel.Warning, Message = "Backup run {RunId}: stored blob {BlobName} is {Problem} ({Detail}); restored to {RestoredTo}")]
        public static partial void Found(ILogger logger, string runId, string problem, string blobName, string detail, string restoredTo);

        [LoggerMessage(EventId = 8003, Level = LogLevel.Warning, Message = "Backup run {RunId}: the latest run {BaseRunId} is unreadable ({Reason}); no stored blob is proven tonight")]
        public static partial void BaseRunUnreadable(ILogger logger, string runId, string baseRunId, string reason);
    }
}
