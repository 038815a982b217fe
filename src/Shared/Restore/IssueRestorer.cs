using System.Globalization;
using System.Security.Cryptography;
using AccBackup.Backup.Naming;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Restore;

/// <summary>Writes a run's issue exports into a folder: per project <c>{project}/Issues/issues.json</c>, <c>issues.csv</c> and
/// <c>attachments/#{displayId}/{displayName}</c>, each proven by its SHA-256 before it appears (through <see cref="FileRestorer"/>:
/// the same name, link and overwrite rules as the files).</summary>
/// <remarks>An attachment's SHA-256 is the one the export recorded; the JSON and CSV carry none, so theirs is taken from the
/// bytes read once here and checked again as they are written. A referenced Docs file version
/// (<see cref="StoredAttachment.ReferencedVersion"/>) is the file backup's blob of that version: the one the snapshot names, or
/// else the run's own manifest entry of that version id; when the manifest holds no such stored entry, the attachment is reported
/// as not restored, with why. An attachment is written under the name a person gave it (<c>displayName</c>; ACC's <c>fileName</c>
/// is its id), made safe as a file name and unique within its issue's folder (<see cref="BlobPathBuilder.Disambiguate"/>).</remarks>
public sealed class IssueRestorer(BlobContainer container, ManifestReader reader)
{
    private const int Parallelism = 4;

    /// <summary>Restores the issues of <paramref name="runId"/> ('latest' for the latest run); failures are reported per file.</summary>
    public async Task<RestoreReport> RestoreAsync(string runId, string destination, bool overwrite, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(runId);
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(destination));
        if (string.Equals(runId, "latest", StringComparison.OrdinalIgnoreCase))
        {
            runId = (await reader.GetLatestAsync(cancellationToken).ConfigureAwait(false))?.RunId
                ?? throw new InvalidOperationException("No backup run has finished yet: there are no issues to restore.");
        }

        var entries = new List<ManifestEntry>();
        var unresolved = new List<RestoreFailure>();
        Dictionary<string, ManifestEntry>? files = null;
        await foreach (var snapshot in IssueSnapshotReader.ReadRunAsync(container, runId, cancellationToken).ConfigureAwait(false))
        {
            var places = AttachmentPlaces(snapshot);
            entries.AddRange(await EntriesAsync(runId, snapshot, places, cancellationToken).ConfigureAwait(false));
            foreach (var (stored, place) in places.Where(p => p.Key.IsReferenced).Select(p => (p.Key, p.Value)))
            {
                if (stored is { BlobName: { } blobName, StoredBytes: { } size })
                {
                    // Settled by a later export to the blob of the run that stored the version (a copy by the storage service has no SHA-256).
                    entries.Add(Entry(snapshot, place, blobName, size, stored.Sha256 ?? string.Empty) with
                    {
                        Verification = string.IsNullOrEmpty(stored.Sha256) ? ManifestEntry.SizeOnlyVerification : null,
                    });
                    continue;
                }

                files ??= await StoredByVersionAsync(runId, cancellationToken).ConfigureAwait(false);
                if (!files.TryGetValue(stored.ReferencedVersion!, out var file))
                {
                    unresolved.Add(new RestoreFailure(place, null,
                        $"Docs file version {stored.ReferencedVersion} is not among the files run {runId} stored (the file changed or was not backed up); its attachment is not restored"));
                }
                else
                {
                    entries.Add(file with { ProjectId = snapshot.ProjectId, ProjectName = snapshot.ProjectName, Path = place, Place = place });
                }
            }
        }

        if (entries.Count + unresolved.Count == 0)
        {
            throw new InvalidOperationException($"Run {runId} holds no issues (were the Issues settings given when it ran?).");
        }

        Directory.CreateDirectory(root);
        var restorer = new FileRestorer(container, root, overwrite);
        var tally = new RestoreTally();
        unresolved.ForEach(tally.Fail);
        long bytes = 0;
        await Parallel.ForEachAsync(entries, new ParallelOptions { MaxDegreeOfParallelism = Parallelism, CancellationToken = cancellationToken }, async (entry, ct) =>
            Interlocked.Add(ref bytes, tally.Add(await restorer.RestoreAsync(entry, ct).ConfigureAwait(false), entry))).ConfigureAwait(false);

        return tally.Report(runId, root, entries.Count + unresolved.Count, bytes);
    }

    /// <summary>The project's issues.json, issues.csv and every stored attachment, as entries placed under <c>{project}/Issues/</c>.</summary>
    private async Task<IEnumerable<ManifestEntry>> EntriesAsync(
        string runId, IssueSnapshot snapshot, Dictionary<StoredAttachment, string> places, CancellationToken cancellationToken)
    {
        var folder = BlobPathBuilder.Segment(snapshot.ProjectName) + "/Issues/";
        var entries = new List<ManifestEntry>();
        foreach (var blobName in (string[])[IssueLayout.Snapshot(runId, snapshot.ProjectId), IssueLayout.Csv(runId, snapshot.ProjectId)])
        {
            var (size, sha256) = await HashAsync(blobName, cancellationToken).ConfigureAwait(false);
            entries.Add(Entry(snapshot, folder + blobName[(blobName.LastIndexOf('/') + 1)..], blobName, size, sha256));
        }

        foreach (var stored in snapshot.Issues.SelectMany(i => i.Attachments).Where(a => a is { BlobName: not null, Sha256: not null, StoredBytes: not null, ReferencedVersion: null }))
        {
            entries.Add(Entry(snapshot, places[stored], stored.BlobName!, stored.StoredBytes!.Value, stored.Sha256!));
        }

        return entries;
    }

    /// <summary>The run's stored files by version id: read once, and only when an attachment references one.</summary>
    private async Task<Dictionary<string, ManifestEntry>> StoredByVersionAsync(string runId, CancellationToken cancellationToken)
    {
        try
        {
            return (await reader.ReadAsync(runId, cancellationToken).ConfigureAwait(false)).StoredVersions();
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobNotFound)
        {
            return []; // A run that wrote no manifest stored no file: every reference is reported, none restored.
        }
    }

    /// <summary>Where each attachment of <paramref name="snapshot"/> is restored: <c>{project}/Issues/attachments/#{displayId}/{name}</c>,
    /// the name the one who attached it gave (<c>displayName</c>; else <c>fileName</c>, else the id), sanitised like any path
    /// segment and made unique within the issue's folder: two photos both called IMG_0001.jpg are both restored.</summary>
    private static Dictionary<StoredAttachment, string> AttachmentPlaces(IssueSnapshot snapshot)
    {
        var places = new Dictionary<StoredAttachment, string>(ReferenceEqualityComparer.Instance);
        var project = BlobPathBuilder.Segment(snapshot.ProjectName);
        foreach (var issue in snapshot.Issues)
        {
            var folder = $"{project}/Issues/attachments/{BlobPathBuilder.Segment("#" + (IssueCsv.Text(issue.Issue, "displayId") ?? issue.Id))}/";
            var named = issue.Attachments.Select((a, index) => (Attachment: a, Id: IssueCsv.Text(a.Attachment, "attachmentId") ?? index.ToString(CultureInfo.InvariantCulture)))
                .ToList();
            var names = BlobPathBuilder.Disambiguate(named.Select(n => (n.Id, DisplayName(n.Attachment, n.Id))));
            foreach (var (attachment, id) in named)
            {
                places[attachment] = folder + names[id];
            }
        }

        return places;
    }

    private static string DisplayName(StoredAttachment stored, string id) =>
        new[] { IssueCsv.Text(stored.Attachment, "displayName"), IssueCsv.Text(stored.Attachment, "fileName") }
            .FirstOrDefault(n => !string.IsNullOrWhiteSpace(n)) ?? id;

    private async Task<(long Size, string Sha256)> HashAsync(string blobName, CancellationToken cancellationToken)
    {
        var stream = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
            var buffer = new byte[81_920];
            long size = 0;
            int read;
            while ((read = await stream.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
            {
                hash.AppendData(buffer, 0, read);
                size += read;
            }

            return (size, Convert.ToHexStringLower(hash.GetHashAndReset()));
        }
    }

    private static ManifestEntry Entry(IssueSnapshot snapshot, string place, string blobName, long size, string sha256) =>
        new(snapshot.ProjectId, snapshot.ProjectName, place, place, null, null, size, size, sha256, blobName, ManifestStatus.Copied, null) { Place = place };
}
