using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Threading.Channels;
using AccBackup.Acc;

namespace AccBackup.Backup;

/// <summary>Lists every file of a project by walking its folders, several listings at once, naming each file's blob.</summary>
public sealed class AccountWalker(ApsDataClient aps, FolderListing listing)
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
        return projects.Select(p => (p, BlobPathBuilder.Fit(names[p.Id]))).ToList();
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
            var level = await listing.TopFoldersAsync(project.Id, cancellationToken).ConfigureAwait(false);
            while (level.Count > 0)
            {
                var next = new ConcurrentBag<FolderRef>();
                var parallel = new ParallelOptions { MaxDegreeOfParallelism = parallelListings, CancellationToken = cancellationToken };
                await Parallel.ForEachAsync(level, parallel, async (folder, ct) =>
                {
                    var (subFolders, files) = await listing.ListAsync(project, projectSegment, folder, includeHidden, ct).ConfigureAwait(false);
                    foreach (var sub in subFolders)
                    {
                        next.Add(sub);
                    }

                    foreach (var file in files)
                    {
                        await found.WriteAsync(file, ct).ConfigureAwait(false);
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
}

/// <summary>A file found in a listing: where it is in ACC, and the blob it belongs in.</summary>
public sealed record InventoryFile(AccProject Project, string BlobName, string SourcePath, AccFile File)
{
    /// <summary>The folder the file was listed in.</summary>
    public string? FolderId { get; init; }

    /// <summary>The copy request for its tip version, or null when there are no bytes to copy.</summary>
    public FileCopyRequest? ToCopyRequest() => File.Tip is { Storage: { } storage } tip
        ? new FileCopyRequest(Project.Id, File.Id, tip.Id, tip.VersionNumber, tip.StorageSize, storage, BlobName, SourcePath, tip.LastModifiedTime)
        : null;
}
