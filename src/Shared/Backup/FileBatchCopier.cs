using AccBackup.Acc;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Backup;

/// <summary>Copies many files at once, isolating each file's failure: the body of a copy activity.</summary>
public sealed partial class FileBatchCopier(BlobCopier copier, IOptions<CopyOptions> options, ILogger<FileBatchCopier> logger)
{
    /// <summary>Copies every request; a file that fails is returned with its reason, never thrown.</summary>
    /// <remarks>Rejected credentials (<see cref="ApsAuthenticationException"/>) still throw: no other file could succeed.</remarks>
    /// <param name="onFile">Told of each file as it ends (from any thread), for live progress.</param>
    public async Task<IReadOnlyList<FileCopyOutcome>> CopyAsync(
        IReadOnlyList<FileCopyRequest> requests, CancellationToken cancellationToken, IProgress<FileCopyOutcome>? onFile = null)
    {
        var outcomes = new FileCopyOutcome[requests.Count];
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = options.Value.MaxConcurrentFiles, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(Enumerable.Range(0, requests.Count), parallel, async (index, ct) =>
        {
            var request = requests[index];
            try
            {
                var result = await copier.CopyAsync(request, ct).ConfigureAwait(false);
                outcomes[index] = new FileCopyOutcome(request, result, null);
            }
            catch (FileCopyException e)
            {
                outcomes[index] = new FileCopyOutcome(request, null, e.Reason);
            }

            onFile?.Report(outcomes[index]);
        }).ConfigureAwait(false);

        var failed = outcomes.Count(o => o.Error is not null);
        Log.BatchDone(logger, requests.Count, failed);
        return outcomes;
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 2101, Level = LogLevel.Information, Message = "Copied a batch of {Files} files; {Failed} failed")]
        public static partial void BatchDone(ILogger logger, int files, int failed);
    }
}

/// <summary>One file's end state in a batch: a verified result, or the reason it is not stored.</summary>
public sealed record FileCopyOutcome(FileCopyRequest Request, FileCopyResult? Result, string? Error);
