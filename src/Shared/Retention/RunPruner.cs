using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.Retention;

/// <summary>Removes the runs a <see cref="RetentionPolicy"/> does not keep, then the backed-up blobs no kept run references.</summary>
/// <remarks>
/// Safe to stop at any point and to run again: the blobs kept runs need are known (read from their manifests) before anything
/// is deleted; a removed run's manifest goes last, so a run half removed is still listed and the next prune finishes it; the
/// sweep is mark-and-sweep over the whole container, so it finds again whatever an earlier prune left. A blob is removed only
/// when it was created before the newest kept run started, so a backup running meanwhile loses none of the blobs it writes.
/// The tool's own data (<see cref="BlobNames.ReservedPrefix"/>) is never swept but for ACC Issues attachments
/// (<see cref="IssueLayout.AttachmentsRoot"/>) Sheets PDFs (<see cref="Modules.Sheets.SheetLayout.PdfsRoot"/>) and RFI attachments
/// (<see cref="Modules.Rfis.RfiLayout.AttachmentsRoot"/>), form PDFs (<see cref="Modules.Forms.FormLayout.PdfsRoot"/>) and photos
/// (<see cref="Modules.Photos.PhotoLayout.FilesRoot"/>), which kept
/// runs' snapshots name as manifests name files: only the
/// removed runs' folders go. A run that never wrote a manifest and is not running (<see cref="UnfinishedRunIdle"/>) goes as a
/// removed run does: its working records serve nothing.
/// </remarks>
public sealed partial class RunPruner(
    RunHistory history,
    ManifestReader manifests,
    [FromKeyedServices(RunPruner.ContainerKey)] BlobContainer backup,
    [FromKeyedServices(BlobContainer.StateKey)] BlobContainer state,
    TimeProvider time,
    ILogger<RunPruner> logger)
{
    /// <summary>The key of the backup container's delete-capable client (<see cref="BlobContainer.ForPrune"/>), registered only for prune.</summary>
    public const string ContainerKey = "prune";

    /// <summary>Applies <paramref name="policy"/>; with <paramref name="dryRun"/>, deletes nothing and reports what it would remove.</summary>
    /// <exception cref="InvalidDataException">A run's manifest cannot be read: what it needs is unknown, so nothing is removed.</exception>
    public async Task<PruneReport> PruneAsync(RetentionPolicy policy, bool dryRun, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(policy);
        var listed = await history.ListAsync(int.MaxValue, cancellationToken).ConfigureAwait(false);
        if (listed.FirstOrDefault(r => r.Summary is null) is { } unreadable)
        {
            throw new InvalidDataException(
                $"Cannot prune: the manifest of run {unreadable.RunId} cannot be read ({unreadable.Error}), so which blobs it needs is unknown. Nothing was removed.");
        }

        var holds = await backup.GetHoldsAsync(cancellationToken).ConfigureAwait(false);
        var backups = listed.Where(r => r.Summary!.Planned == 0).ToList();
        if (backups.Count == 0)
        {
            return new PruneReport(backup.Uri.ToString(), dryRun, policy, null, [], [], [], holds, null);
        }

        var pointer = (await manifests.GetLatestAsync(cancellationToken).ConfigureAwait(false))?.RunId;
        var runs = new List<PrunedRun>();
        foreach (var decision in policy.Apply(backups.Select(r => new RetentionCandidate(r.RunId, r.Summary!.StartedAt))))
        {
            var keptFor = decision.Run.RunId == pointer && !decision.Keep ? [RetentionReason.LatestPointer] : decision.Reasons;
            runs.Add(new PrunedRun(decision.Run.RunId, decision.Run.StartedAt, keptFor, keptFor.Count == 0, null, 0, 0));
        }

        // A dry run stored nothing and restores nothing: it is not a backup, and goes with the runs outside the policy.
        runs.AddRange(listed.Where(r => r.Summary!.Planned > 0)
            .Select(r => new PrunedRun(r.RunId, r.Summary!.StartedAt, [], true, "dry run (not a backup)", 0, 0)));

        // What every kept run needs, read in full before anything is deleted.
        var referenced = new HashSet<string>(StringComparer.Ordinal);
        foreach (var run in runs.Where(r => !r.Removed))
        {
            await AddReferencesAsync(referenced, run.RunId, cancellationToken).ConfigureAwait(false);
        }

        var cutoff = runs.Where(r => !r.Removed).Max(r => r.StartedAt);

        // Runs killed and never resumed: no manifest names their records, nor anything a kept run needs.
        var unfinished = await FindUnfinishedAsync(listed, cancellationToken).ConfigureAwait(false);
        runs.AddRange(unfinished);
        var deleter = new Deleter(logger);
        for (var i = 0; i < runs.Count && deleter.Refusal is null; i++)
        {
            if (runs[i].Removed)
            {
                var needs = i < runs.Count - unfinished.Count ? referenced : null;
                runs[i] = await RemoveRunAsync(runs[i], dryRun, deleter, needs, cancellationToken).ConfigureAwait(false);
            }
        }

        var (removed, retained) = deleter.Refusal is null
            ? await SweepAsync(referenced, cutoff, dryRun, deleter, cancellationToken).ConfigureAwait(false)
            : ([], []);
        var report = new PruneReport(backup.Uri.ToString(), dryRun, policy, cutoff, runs, removed, retained, holds, deleter.Refusal);
        PruneLog.Pruned(logger, backup.Name, report.RunsRemoved, report.BlobsRemoved, report.BytesFreed, report.BlobsRetained, dryRun);
        return report;
    }

    private async Task AddReferencesAsync(HashSet<string> referenced, string runId, CancellationToken cancellationToken)
    {
        var manifest = await manifests.ReadAsync(runId, cancellationToken).ConfigureAwait(false);
        foreach (var entry in manifest.Files)
        {
            if (entry.BlobName is { Length: > 0 } name)
            {
                referenced.Add(name);
            }
        }

        // The run's ACC Issues snapshots name the attachments it needs (written once, shared by every later run).
        try
        {
            await foreach (var snapshot in IssueSnapshotReader.ReadRunAsync(backup, runId, cancellationToken).ConfigureAwait(false))
            {
                foreach (var attachment in snapshot.Issues.SelectMany(i => i.Attachments))
                {
                    if (attachment.BlobName is { Length: > 0 } name)
                    {
                        referenced.Add(name);
                    }
                }
            }
        }
        catch (System.Text.Json.JsonException e)
        {
            throw new InvalidDataException(
                $"Cannot prune: an issue snapshot of run {runId} cannot be read ({e.Message}), so which attachments it needs is unknown. Nothing was removed.", e);
        }

        // Its sheet snapshots name the version sets' PDFs (written once per fingerprint, shared by every night it did not change).
        try
        {
            await foreach (var snapshot in Modules.Sheets.SheetSnapshotReader.ReadRunAsync(backup, runId, cancellationToken).ConfigureAwait(false))
            {
                referenced.UnionWith(snapshot.VersionSets.SelectMany(v => v.Pdfs).Select(p => p.BlobName));
            }
        }
        catch (System.Text.Json.JsonException e)
        {
            throw new InvalidDataException(
                $"Cannot prune: a sheet snapshot of run {runId} cannot be read ({e.Message}), so which PDFs it needs is unknown. Nothing was removed.", e);
        }

        // Its RFI snapshots name the attachments' bytes (written once, shared by every later run).
        try
        {
            await foreach (var snapshot in Modules.Rfis.RfiSnapshotReader.ReadRunAsync(backup, runId, cancellationToken).ConfigureAwait(false))
            {
                referenced.UnionWith(snapshot.Rfis.SelectMany(r => r.Attachments).Where(a => a.Stored is not null).Select(a => a.Stored!.BlobName));
            }
        }
        catch (System.Text.Json.JsonException e)
        {
            throw new InvalidDataException(
                $"Cannot prune: an RFI snapshot of run {runId} cannot be read ({e.Message}), so which attachments it needs is unknown. Nothing was removed.", e);
        }

        // Its form snapshots name the PDF forms' and PDF templates' PDFs (written once per state, shared by every night it did not change).
        try
        {
            await foreach (var snapshot in Modules.Forms.FormSnapshotReader.ReadRunAsync(backup, runId, cancellationToken).ConfigureAwait(false))
            {
                referenced.UnionWith(snapshot.Forms.Where(f => f.Pdf is not null).Select(f => f.Pdf!.BlobName));
                referenced.UnionWith(snapshot.Templates.Where(t => t.Pdf is not null).Select(t => t.Pdf!.BlobName));
            }
        }
        catch (System.Text.Json.JsonException e)
        {
            throw new InvalidDataException(
                $"Cannot prune: a form snapshot of run {runId} cannot be read ({e.Message}), so which PDFs it needs is unknown. Nothing was removed.", e);
        }

        // Its Photos snapshots name the photos' bytes (written once, shared by every later run).
        try
        {
            await foreach (var snapshot in Modules.Photos.PhotoSnapshotReader.ReadRunAsync(backup, runId, cancellationToken).ConfigureAwait(false))
            {
                referenced.UnionWith(snapshot.Photos.Where(p => p.Stored is not null).Select(p => p.Stored!.BlobName));
            }
        }
        catch (System.Text.Json.JsonException e)
        {
            throw new InvalidDataException(
                $"Cannot prune: a Photos snapshot of run {runId} cannot be read ({e.Message}), so which photos it needs is unknown. Nothing was removed.", e);
        }
    }

    /// <summary>A blob's hold, from its properties, or null when nothing forbids deleting it.</summary>
    private string? Hold(BlobDescription blob) =>
        blob.HasLegalHold ? "legal hold"
        : blob.ImmutableUntil is { } until && until > time.GetUtcNow() ? $"immutable until {until:u}"
        : null;
}
