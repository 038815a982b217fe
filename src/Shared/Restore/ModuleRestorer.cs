using AccBackup.Issues;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Modules;
using AccBackup.Modules.Attributes;
using AccBackup.Modules.Forms;
using AccBackup.Modules.Members;
using AccBackup.Modules.Permissions;
using AccBackup.Modules.Photos;
using AccBackup.Modules.Rfis;
using AccBackup.Modules.Sheets;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Restore;

/// <summary>Writes a run's modules (<c>restore --modules sheets,issues</c>) into a folder: per project <c>{project}/{Module}/…</c>,
/// each file proven by its SHA-256 before it appears (through <see cref="FileRestorer"/>: the same name, link and overwrite rules
/// as the files). Issues go through <see cref="IssueRestorer"/>, whose report joins this one.</summary>
public sealed class ModuleRestorer(BlobContainer container, ManifestReader reader, IssueRestorer issues)
{
    private const int Parallelism = 4;

    /// <summary>Restores <paramref name="modules"/> of <paramref name="runId"/> ('latest' for the latest run); failures are reported per file.</summary>
    /// <exception cref="ArgumentException">A module name is not one a run keeps (files are restored without <c>--modules</c>).</exception>
    public async Task<RestoreReport> RestoreAsync(string runId, IReadOnlyList<string> modules, string destination, bool overwrite, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(runId);
        ArgumentNullException.ThrowIfNull(modules);
        var unknown = modules.Where(m => m == ModuleNames.Files || !ModuleNames.Known.Contains(m)).ToList();
        if (unknown.Count > 0 || modules.Count == 0)
        {
            throw new ArgumentException(
                $"--modules takes {string.Join(", ", ModuleNames.Known.Where(m => m != ModuleNames.Files))} (files are restored without --modules); not '{string.Join(", ", unknown)}'.", nameof(modules));
        }

        if (string.Equals(runId, "latest", StringComparison.OrdinalIgnoreCase))
        {
            runId = (await reader.GetLatestAsync(cancellationToken).ConfigureAwait(false))?.RunId
                ?? throw new InvalidOperationException("No backup run has finished yet: there is nothing to restore.");
        }

        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(destination));
        var entries = new List<ManifestEntry>();
        var unresolved = new List<RestoreFailure>();
        if (modules.Contains(ModuleNames.Sheets))
        {
            entries.AddRange(await SheetRestorer.EntriesAsync(container, runId, cancellationToken).ConfigureAwait(false));
        }

        if (modules.Contains(ModuleNames.Members))
        {
            entries.AddRange(await MemberRestorer.EntriesAsync(container, runId, cancellationToken).ConfigureAwait(false));
        }

        if (modules.Contains(ModuleNames.Rfis))
        {
            var rfis = await RfiRestorer.EntriesAsync(container, runId, RunFiles(runId), cancellationToken).ConfigureAwait(false);
            entries.AddRange(rfis.Entries);
            unresolved.AddRange(rfis.Unresolved.Select(u => new RestoreFailure(u.Place, null, u.Reason)));
        }

        if (modules.Contains(ModuleNames.Permissions))
        {
            entries.AddRange(await PermissionRestorer.EntriesAsync(container, runId, cancellationToken).ConfigureAwait(false));
        }

        if (modules.Contains(ModuleNames.Attributes))
        {
            entries.AddRange(await AttributeRestorer.EntriesAsync(container, runId, cancellationToken).ConfigureAwait(false));
        }

        if (modules.Contains(ModuleNames.Forms))
        {
            entries.AddRange(await FormRestorer.EntriesAsync(container, runId, cancellationToken).ConfigureAwait(false));
        }

        if (modules.Contains(ModuleNames.Photos))
        {
            entries.AddRange(await PhotoRestorer.EntriesAsync(container, runId, cancellationToken).ConfigureAwait(false));
        }

        var issueReport = modules.Contains(ModuleNames.Issues)
            ? await issues.RestoreAsync(runId, destination, overwrite, cancellationToken).ConfigureAwait(false)
            : null;
        if (entries.Count + unresolved.Count == 0 && issueReport is null)
        {
            throw new InvalidOperationException($"Run {runId} holds none of {string.Join(", ", modules)} (were they kept when it ran? see {ModuleSelectionOptions.SettingName}).");
        }

        Directory.CreateDirectory(root);
        var restorer = new FileRestorer(container, root, overwrite);
        var tally = new RestoreTally();
        unresolved.ForEach(tally.Fail);
        long bytes = 0;
        await Parallel.ForEachAsync(entries, new ParallelOptions { MaxDegreeOfParallelism = Parallelism, CancellationToken = cancellationToken }, async (entry, ct) =>
            Interlocked.Add(ref bytes, tally.Add(await restorer.RestoreAsync(entry, ct).ConfigureAwait(false), entry))).ConfigureAwait(false);
        var report = tally.Report(runId, root, entries.Count + unresolved.Count, bytes);
        return issueReport is null ? report : Join(report, issueReport);
    }

    /// <summary>The run's stored files by version id (what a referenced Docs file is restored from); none when it wrote no manifest.</summary>
    private StoredVersionsReader RunFiles(string runId) => async cancellationToken =>
    {
        try
        {
            return (await reader.ReadAsync(runId, cancellationToken).ConfigureAwait(false)).StoredVersions();
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobNotFound)
        {
            return new Dictionary<string, ManifestEntry>();
        }
    };

    private static RestoreReport Join(RestoreReport a, RestoreReport b) =>
        new(a.RunId, a.Destination, a.Selected + b.Selected, a.Restored + b.Restored, a.Bytes + b.Bytes, [.. a.Failures, .. b.Failures])
        {
            Overwritten = a.Overwritten + b.Overwritten,
            AlreadyPresent = a.AlreadyPresent + b.AlreadyPresent,
            Skipped = [.. a.Skipped, .. b.Skipped],
        };
}
