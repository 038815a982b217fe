using Azure;
using Azure.Core;
using Azure.Core.Pipeline;

namespace AccBackup.Storage;

/// <summary>Refuses, before it leaves the process, any request that could change or remove a blob of the backup container:
/// a write without <c>If-None-Match: *</c>, a change of a blob's metadata, properties or tier, a delete.</summary>
/// <remarks>
/// The backup container only ever receives new blobs (each version written once, manifests once per run); mutable state
/// lives in the state container. On Azure a time-based retention policy enforces the same; Azurite enforces none, so this
/// policy is the product's own guarantee on every service, and every backup test runs under it. Staging blocks is allowed
/// (it changes nothing readers see); committing them is a write like any other. Only <c>acc-backup prune</c> builds its
/// client without this policy (<see cref="BlobContainer.ForPrune"/>).
/// </remarks>
internal sealed class WriteOncePolicy : HttpPipelineSynchronousPolicy
{
    /// <summary>The error code of a refused request (surfaces as the <see cref="RequestFailedException.ErrorCode"/> of a 409).</summary>
    public const string ErrorCode = "WriteOnceViolation";

    /// <inheritdoc />
    public override void OnSendingRequest(HttpMessage message)
    {
        ArgumentNullException.ThrowIfNull(message);
        var request = message.Request;
        var query = request.Uri.Query;
        if (query.Contains("restype=container", StringComparison.Ordinal))
        {
            if (request.Method == RequestMethod.Delete)
            {
                throw Refused(request, "deleting the backup container");
            }

            return; // create, list, properties of the container itself
        }

        if (request.Method == RequestMethod.Delete)
        {
            throw Refused(request, "deleting a backed-up blob");
        }

        if (request.Method != RequestMethod.Put)
        {
            return;
        }

        var comp = Comp(query);
        if (comp is "block")
        {
            return;
        }

        if (comp is null or "blocklist")
        {
            if (!request.Headers.TryGetValue("If-None-Match", out var condition) || condition != "*")
            {
                throw Refused(request, "a write that could replace an existing blob (it must be create-only, If-None-Match: *)");
            }

            return;
        }

        throw Refused(request, $"changing a backed-up blob ({comp})");
    }

    private static string? Comp(string query)
    {
        foreach (var part in query.TrimStart('?').Split('&'))
        {
            if (part.StartsWith("comp=", StringComparison.Ordinal))
            {
                return part["comp=".Length..];
            }
        }

        return null;
    }

    private static RequestFailedException Refused(Request request, string what) =>
        new(409, $"Refused by the write-once guard: {what} in the backup container ({request.Method} {request.Uri.Path}). Backed-up blobs are never overwritten or deleted; mutable state belongs in the state container.", ErrorCode, null);
}
