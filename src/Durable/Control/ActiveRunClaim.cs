using System.Globalization;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Control;

/// <summary>"One run at a time" as one conditional write: a blob in the state container names the run that holds the claim,
/// and a start takes it only with If-None-Match: * (no claim yet) or If-Match on the ETag of a claim whose run is over.
/// Two starts at the same moment (a timer fire and a POST) read the same claim; only one write succeeds.</summary>
/// <remarks>The claim is never released: a run that has ended no longer holds it, so the next start takes it over. A claim
/// whose run does not exist yet is being scheduled, and holds it for <see cref="SchedulingGrace"/> (a start that died between
/// its claim and its schedule frees the claim after that).</remarks>
public sealed class ActiveRunClaim([FromKeyedServices(BlobContainer.StateKey)] BlobContainer state, TimeProvider time)
{
    /// <summary>The claim's blob in the state container.</summary>
    public const string BlobName = BlobNames.ReservedPrefix + "/active-run.json";

    /// <summary>How long a claim holds before its run exists (a start writes the claim, then schedules the run).</summary>
    public static readonly TimeSpan SchedulingGrace = TimeSpan.FromMinutes(2);

    private const int MaxAttempts = 5;
    private const string RunIdKey = "runid";
    private const string ClaimedAtKey = "claimedat";

    /// <summary>Claims the slot for <paramref name="runId"/>: null when it is this run's now, otherwise the run that holds it
    /// (which may be <paramref name="runId"/> itself, claimed by a start at the same moment).</summary>
    public async Task<ClaimHolder?> TakeAsync(DurableTaskClient client, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        await state.CreateIfNotExistsAsync(cancellationToken).ConfigureAwait(false);
        for (var attempt = 1; attempt <= MaxAttempts; attempt++)
        {
            var claim = await state.GetPropertiesAsync(BlobName, cancellationToken).ConfigureAwait(false);
            if (claim is not null && await HolderAsync(client, claim, cancellationToken).ConfigureAwait(false) is { } holder)
            {
                return holder;
            }

            var write = new BlobUploadOptions
            {
                HttpHeaders = new BlobHttpHeaders { ContentType = "application/json" },
                Metadata = new Dictionary<string, string>
                {
                    [RunIdKey] = runId, [ClaimedAtKey] = time.GetUtcNow().ToString("O", CultureInfo.InvariantCulture),
                },
                Conditions = claim is null ? BlobContainer.CreateOnly : new BlobRequestConditions { IfMatch = new ETag(claim.ETag) },
            };
            try
            {
                await state.UploadAsync(BlobName, System.Text.Encoding.UTF8.GetBytes($$"""{"runId":"{{runId}}"}"""), write, cancellationToken).ConfigureAwait(false);
                return null;
            }
            catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ConditionNotMet || e.ErrorCode == BlobErrorCode.BlobAlreadyExists)
            {
                // Another start wrote the claim since it was read: read again and see whose it is.
            }
        }

        throw new InvalidOperationException($"The one-run-at-a-time claim ({BlobName} in the state container) changed {MaxAttempts} times while run {runId} tried to take it.");
    }

    /// <summary>The run that holds <paramref name="claim"/>, or null when it holds nothing any more.</summary>
    private async Task<ClaimHolder?> HolderAsync(DurableTaskClient client, BlobDescription claim, CancellationToken cancellationToken)
    {
        if (!claim.Metadata.TryGetValue(RunIdKey, out var runId))
        {
            return null;
        }

        var instance = await client.GetInstanceAsync(runId, cancellationToken).ConfigureAwait(false);
        if (instance is not null)
        {
            return BackupStarter.Active.Contains(instance.RuntimeStatus) ? new ClaimHolder(runId, instance.RuntimeStatus.ToString()) : null;
        }

        var claimedAt = claim.Metadata.TryGetValue(ClaimedAtKey, out var at)
            && DateTimeOffset.TryParse(at, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var parsed) ? parsed : DateTimeOffset.MinValue;
        return time.GetUtcNow() - claimedAt < SchedulingGrace ? new ClaimHolder(runId, nameof(OrchestrationRuntimeStatus.Pending)) : null;
    }
}
