using System.Security.Cryptography;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;
using AccBackup.Restore;
using AccBackup.Storage;
using AccBackup.Verification;
using AccEmulator.Control;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Runs;

/// <summary>What one night of the soak left behind, checked against the emulator's truth.</summary>
/// <param name="Checked">Files of the account (the truth) looked up.</param>
/// <param name="Identical">Stored (copied or unchanged, or no content to store) with this night's path, version and bytes.</param>
/// <param name="WithReason">Listed as failed, notListed or carried, with the reason.</param>
/// <param name="Unlisted">Not in the manifest, in a project the run lists as incomplete (a file new in a folder that could not be listed).</param>
/// <param name="Different">Listed as stored, but with another version, path or bytes than the source: must be 0.</param>
/// <param name="Missing">Neither stored nor listed with a reason: must be 0.</param>
/// <param name="Problems">One line per different or missing file, and per duplicate path.</param>
internal sealed record SoakAudit(int Checked, int Identical, int WithReason, int Unlisted, int Different, int Missing, IReadOnlyList<string> Problems)
{
    /// <summary>Checks run <paramref name="runId"/>'s manifest: every truth file stored identical or listed with its reason; no path twice.</summary>
    public static async Task<SoakAudit> OfAsync(IServiceProvider services, IReadOnlyList<TruthFile> truth, string runId)
    {
        var manifest = await services.GetRequiredService<ManifestReader>().ReadAsync(runId, CancellationToken.None);
        var container = services.GetRequiredService<BlobContainer>();
        var problems = manifest.Files.GroupBy(e => e.Path, StringComparer.Ordinal).Where(g => g.Count() > 1)
            .Select(g => $"path listed {g.Count()} times: {g.Key}").ToList();
        var live = manifest.Files.Where(e => e.Status is not (ManifestStatus.Deleted or ManifestStatus.Moved)).ToLookup(e => e.ItemId, StringComparer.Ordinal);
        var incomplete = manifest.Summary.FailedProjects.Select(p => p.ProjectId).ToHashSet(StringComparer.Ordinal);
        int identical = 0, withReason = 0, unlisted = 0, different = 0, missing = 0;
        foreach (var file in truth)
        {
            var entries = live[file.ItemId].ToList();
            if (entries.Count == 0 && incomplete.Contains(file.ProjectId))
            {
                unlisted++;
                continue;
            }

            if (entries.Count != 1)
            {
                missing += entries.Count == 0 ? 1 : 0;
                different += entries.Count > 1 ? 1 : 0;
                problems.Add($"{file.ProjectName}/{file.Path}: {entries.Count} live entries");
                continue;
            }

            var entry = entries[0];
            switch (entry.Status)
            {
                case ManifestStatus.Failed or ManifestStatus.NotListed or ManifestStatus.Carried when !string.IsNullOrWhiteSpace(entry.Error):
                    withReason++;
                    break;
                case ManifestStatus.NoContent when !file.HasStorage && Same(entry, file):
                    identical++;
                    break;
                case ManifestStatus.Copied or ManifestStatus.Unchanged when file.HasStorage && Same(entry, file) && entry.Sha256 == file.Sha256
                    && await BlobSha256Async(container, entry.BlobName!) == file.Sha256:
                    identical++;
                    break;
                default:
                    different++;
                    problems.Add($"{file.ProjectName}/{file.Path}: {entry.Status} {entry.Path} v{entry.VersionNumber} sha {entry.Sha256?[..8]} vs truth v{file.VersionNumber} sha {file.Sha256?[..8]}");
                    break;
            }
        }

        return new SoakAudit(truth.Count, identical, withReason, unlisted, different, missing, problems);
    }

    /// <summary>Verifies <paramref name="runId"/> and restores it into a temporary folder; returns the problems (none when every stored entry came back byte-identical).</summary>
    public static async Task<(int Restored, IReadOnlyList<string> Problems)> RestoreAsync(IServiceProvider services, string runId)
    {
        var problems = new List<string>();
        var verified = await ActivatorUtilities.CreateInstance<RunVerifier>(services).VerifyAsync(runId, null, CancellationToken.None);
        problems.AddRange(verified.Findings.Select(f => $"verify: {f}"));
        var stored = (await services.GetRequiredService<ManifestReader>().ReadAsync(runId, CancellationToken.None)).Files.Where(e => e.IsStored).ToList();
        var target = Directory.CreateTempSubdirectory("fault-soak-");
        try
        {
            var report = await ActivatorUtilities.CreateInstance<RunRestorer>(services).RestoreAsync(new RestoreRequest(runId, target.FullName), null, CancellationToken.None);
            problems.AddRange(report.Failures.Concat(report.Skipped).Select(f => $"restore: {f.Path}: {f.Reason}"));
            if (report.Restored != stored.Count)
            {
                problems.Add($"restore wrote {report.Restored} files; the manifest lists {stored.Count} as stored");
            }

            foreach (var entry in stored)
            {
                var path = RestoreTarget.Resolve(target.FullName, entry.RestorePath!, out _);
                if (path is null || !File.Exists(path))
                {
                    problems.Add($"restore: {entry.Path} not written");
                    continue;
                }

                await using var file = File.OpenRead(path);
                if (Convert.ToHexStringLower(await SHA256.HashDataAsync(file)) != entry.Sha256)
                {
                    problems.Add($"restore: {entry.Path} differs from its manifest entry");
                }
            }

            return (report.Restored, problems);
        }
        finally
        {
            target.Delete(recursive: true);
        }
    }

    private static bool Same(ManifestEntry entry, TruthFile file) =>
        entry.VersionId == file.VersionId && entry.Path == $"{file.ProjectName}/{file.Path}";

    private static async Task<string> BlobSha256Async(BlobContainer container, string blobName)
    {
        await using var stored = await container.OpenReadAsync(blobName, null, null, CancellationToken.None);
        return Convert.ToHexStringLower(await SHA256.HashDataAsync(stored));
    }
}
