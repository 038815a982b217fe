using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Threading.Channels;
using AccBackup.Acc;

namespace AccBackup.Backup;

/// <summary>Lists every file of a project by walking its folders, several listings at once, naming each file's blob.</summary>
public sealed class AccountWalker(ApsDataClient aps)
{
    /// <summary>Every project with the blob-name segment it maps to (unique across the account).</summary>
    public async Task<IReadOnlyList<(AccProject Project, string Segment)>> ListProjectsAsync(CancellationToken cancellationToken)
    {
        var projects = new List<AccProject>();
        await foreach (var project in aps.ListProjectsAsync(cancellationToken).ConfigureAwait(false))
        {
            projects.Add(project);
        }

        var names = BlobPathBuilder.Disambiguate(projects.Select(p => (p.Id, p.Name)));
        return projects.Select(p => (p, names[p.Id])).ToList();
    }

    /// <summary>Every file below the project's top folders, in no particular order.</summary>
    public async IAsyncEnumerable<InventoryFile> WalkAsync(
        AccProject project, string projectSegment, bool includeHidden, int parallelListings,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var found = Channel.CreateBounded<InventoryFile>(1000);
        var walk = WalkIntoAsync(project, projectSegment, includeHidden, parallelListings, found.Writer, cancellationToken);
        await foreach (var file in found.Reader.ReadAllAsync(cancellationToken).ConfigureAwait(false))
        {
            yield return file;
        }

        await walk.ConfigureAwait(false);
    }

    private async Task WalkIntoAsync(
        AccProject project, string projectSegment, bool includeHidden, int parallelListings, ChannelWriter<InventoryFile> found, CancellationToken cancellationToken)
    {
        try
        {
            var top = new List<AccFolder>();
            await foreach (var folder in aps.ListTopFoldersAsync(project.Id, cancellationToken).ConfigureAwait(false))
            {
                top.Add(folder);
            }

            var topNames = BlobPathBuilder.Disambiguate(top.Select(f => (f.Id, f.Name)));
            var level = top.Select(f => new FolderPath(f.Id, [topNames[f.Id]], [f.Name])).ToList();
            while (level.Count > 0)
            {
                var next = new ConcurrentBag<FolderPath>();
                var parallel = new ParallelOptions { MaxDegreeOfParallelism = parallelListings, CancellationToken = cancellationToken };
                await Parallel.ForEachAsync(level, parallel, async (folder, ct) =>
                {
                    var entries = new List<FolderEntry>();
                    await foreach (var entry in aps.ListFolderContentsAsync(project.Id, folder.Id, includeHidden, ct).ConfigureAwait(false))
                    {
                        entries.Add(entry);
                    }

                    var names = BlobPathBuilder.Disambiguate(entries.Select(e => (e.Id, e.Name)));
                    foreach (var entry in entries)
                    {
                        if (entry is AccFolder sub)
                        {
                            next.Add(new FolderPath(sub.Id, [.. folder.Segments, names[sub.Id]], [.. folder.Names, sub.Name]));
                        }
                        else if (entry is AccFile file && !IsDeleted(file))
                        {
                            var blob = string.Join('/', [projectSegment, .. folder.Segments, names[file.Id]]);
                            var source = string.Join('/', [project.Name, .. folder.Names, file.Name]);
                            await found.WriteAsync(new InventoryFile(project, BlobPathBuilder.Fit(blob), source, file), ct).ConfigureAwait(false);
                        }
                    }
                }).ConfigureAwait(false);
                level = [.. next];
            }

            found.Complete();
        }
        catch (Exception e)
        {
            found.Complete(e);
        }
    }

    // With includeHidden, APS also lists deleted items, whose tip is a storage-less "…:Deleted" version.
    private static bool IsDeleted(AccFile file) =>
        file.Tip?.ExtensionType.EndsWith(":Deleted", StringComparison.Ordinal) == true;

    private sealed record FolderPath(string Id, IReadOnlyList<string> Segments, IReadOnlyList<string> Names);
}

/// <summary>A file found in a listing: where it is in ACC, and the blob it belongs in.</summary>
public sealed record InventoryFile(AccProject Project, string BlobName, string SourcePath, AccFile File)
{
    /// <summary>The copy request for its tip version, or null when there are no bytes to copy.</summary>
    public FileCopyRequest? ToCopyRequest() => File.Tip is { Storage: { } storage } tip
        ? new FileCopyRequest(Project.Id, File.Id, tip.Id, tip.VersionNumber, tip.StorageSize, storage, BlobName, SourcePath, tip.LastModifiedTime)
        : null;
}
