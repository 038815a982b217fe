using Microsoft.Extensions.Logging;

namespace AccBackup.Backup.Copying;

public sealed partial class BlobCopier
{
    /// <summary>Copies many files at once (<see cref="CopyOptions.MaxConcurrentFiles"/>), isolating each file's failure: a file that
    /// fails is returned with its reason, never thrown. The body of a copy activity.</summary>
    /// <remarks>Rejected credentials (<see cref="Acc.ApsAuthenticationException"/>) still throw: no other file could succeed.</remarks>
    /// <param name="onFile">Told of each file as it ends (from any thread), for live progress.</param>
    /// <param name="newToBackup">Whether no finished run stored these versions (<see cref="StoredLookup"/>): each is then
    /// written without looking for it first, until one is found stored after all.</param>
    public async Task<IReadOnlyList<FileCopyResult>> CopyAllAsync(
        IReadOnlyList<FileCopyRequest> requests, CancellationToken cancellationToken, IProgress<FileCopyResult>? onFile = null, bool newToBackup = false)
    {
        ArgumentNullException.ThrowIfNull(requests);
        var lookup = StoredLookup.For(newToBackup);
        var outcomes = new FileCopyResult[requests.Count];
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = options.MaxConcurrentFiles, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(Enumerable.Range(0, requests.Count), parallel, async (index, ct) =>
        {
            var request = requests[index];
            try
            {
                outcomes[index] = await CopyAsync(request, lookup, ct).ConfigureAwait(false);
            }
            catch (FileCopyException e)
            {
                outcomes[index] = FileCopyResult.Failed(request, e.Reason);
            }

            onFile?.Report(outcomes[index]);
        }).ConfigureAwait(false);

        var failed = outcomes.Count(o => o.Status == FileCopyStatus.Failed);
        Log.BatchDone(logger, requests.Count, failed);
        return outcomes;
    }

    private static partial class Log
    {
        // Debug: one line per batch is one per few dozen files on a night (a listing's files make a batch); the run summary
        // and the manifest carry the counts, and Application Insights is charged per line.
        [LoggerMessage(EventId = 2101, Level = LogLevel.Debug, Message = "Copied a batch of {Files} files; {Failed} failed")]
        public static partial void BatchDone(ILogger logger, int files, int failed);
    }
}
