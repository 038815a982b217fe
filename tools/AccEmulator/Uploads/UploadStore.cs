using System.Security.Cryptography;
using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;

namespace AccEmulator.Uploads;

/// <summary>
/// Storage reserved by <c>POST …/storage</c> and the signed-S3 uploads into it. A completed upload becomes a
/// <see cref="StorageObject"/> of the account (its bytes held in memory), which versions can then point at and
/// signeds3download serves like any other object.
/// </summary>
internal sealed class UploadStore(EmulatedAccount account, TimeProvider clock)
{
    private readonly Lock _gate = new();
    private readonly Dictionary<string, StorageReservation> _reservations = new(StringComparer.Ordinal);
    private readonly Dictionary<string, UploadSession> _sessions = new(StringComparer.Ordinal);
    private long _uploadedBytes;
    private int _completedUploads;

    /// <summary>Part bytes received by the part URLs so far (every PUT, retries included).</summary>
    public long UploadedBytes => Interlocked.Read(ref _uploadedBytes);

    /// <summary>Uploads completed so far.</summary>
    public int CompletedUploads => Volatile.Read(ref _completedUploads);

    public void Reserve(string objectKey, StorageReservation reservation)
    {
        lock (_gate)
        {
            _reservations[objectKey] = reservation;
        }
    }

    public StorageReservation? FindReservation(string objectKey)
    {
        lock (_gate)
        {
            return _reservations.GetValueOrDefault(objectKey);
        }
    }

    /// <summary>The session to sign part URLs for: a new one without <paramref name="uploadKey"/>, else the one it names.</summary>
    public UploadSession Begin(string bucket, string objectKey, string? uploadKey)
    {
        var now = clock.GetUtcNow();
        lock (_gate)
        {
            if (bucket != StorageObject.Bucket)
            {
                throw new UploadRejectedException(StatusCodes.Status404NotFound, "Bucket doesn't exist");
            }

            if (!_reservations.ContainsKey(objectKey))
            {
                throw new UploadRejectedException(StatusCodes.Status404NotFound, "Object doesn't exist: create it with POST …/storage first");
            }

            if (uploadKey is null)
            {
                var session = new UploadSession(Guid.NewGuid().ToString("N"), bucket, objectKey, now + UploadRules.UploadLifetime);
                _sessions.Add(session.UploadKey, session);
                return session;
            }

            return Live(uploadKey, objectKey, now);
        }
    }

    /// <summary>Stores one part's bytes; returns its ETag.</summary>
    public string PutPart(string uploadKey, string objectKey, int partNumber, byte[] bytes)
    {
#pragma warning disable CA5351 // S3's ETag of a part is its MD5: clients compare it, nothing relies on it for security.
        var etag = "\"" + Convert.ToHexStringLower(MD5.HashData(bytes)) + "\"";
#pragma warning restore CA5351
        lock (_gate)
        {
            var session = Live(uploadKey, objectKey, clock.GetUtcNow());
            session.Parts[partNumber] = new UploadedPart(bytes, etag);
        }

        Interlocked.Add(ref _uploadedBytes, bytes.Length);
        return etag;
    }

    /// <summary>
    /// Joins the parts into the object: parts 1..n all present, every part but the last at least 5 MiB, and
    /// <paramref name="size"/> and <paramref name="eTags"/> (index = part number − 1) equal to what was received when given.
    /// </summary>
    public UploadCompletion Complete(string objectKey, string uploadKey, long? size, IReadOnlyList<string>? eTags)
    {
        // Lock order everywhere: the account, then this store.
        lock (account.SyncRoot)
        lock (_gate)
        {
            var session = _sessions.GetValueOrDefault(uploadKey);
            if (session?.Completion is { } done && session.ObjectKey == objectKey)
            {
                return done;
            }

            session = Live(uploadKey, objectKey, clock.GetUtcNow());
            var parts = session.Parts;
            if (parts.Count == 0 || parts.Keys.Last() != parts.Count)
            {
                throw new UploadRejectedException(StatusCodes.Status400BadRequest, $"Parts 1..{Math.Max(1, parts.Keys.LastOrDefault())} must all be uploaded; {parts.Count} were.");
            }

            if (parts.Values.SkipLast(1).FirstOrDefault(p => p.Bytes.Length < UploadRules.MinPartBytes) is { } small)
            {
                throw new UploadRejectedException(StatusCodes.Status400BadRequest,
                    $"Your proposed upload is smaller than the minimum allowed size: every part but the last must be at least {UploadRules.MinPartBytes} bytes ({small.Bytes.Length} received).");
            }

            var bytes = parts.Values.SelectMany(p => p.Bytes).ToArray();
            if (size is { } expected && expected != bytes.Length)
            {
                throw new UploadRejectedException(StatusCodes.Status400BadRequest, $"size {expected} does not match the {bytes.Length} bytes uploaded.");
            }

            if (eTags is not null && !eTags.Select(Unquote).SequenceEqual(parts.Values.Select(p => Unquote(p.ETag)), StringComparer.OrdinalIgnoreCase))
            {
                throw new UploadRejectedException(StatusCodes.Status400BadRequest, "eTags do not match the parts uploaded.");
            }

            var storage = new StorageObject(objectKey, bytes.Length, BitConverter.ToUInt64(SHA256.HashData(bytes), 0)) { UploadedBytes = bytes };
            if (!account.Objects.TryAdd(objectKey, storage))
            {
                throw new UploadRejectedException(StatusCodes.Status409Conflict, "The object was already completed by another upload.");
            }

            session.Parts.Clear();
            session.Completion = new UploadCompletion(session.Bucket, objectKey, bytes.Length, FileTypes.MimeType(objectKey));
            Interlocked.Increment(ref _completedUploads);
            return session.Completion;
        }
    }

    private UploadSession Live(string uploadKey, string objectKey, DateTimeOffset now)
    {
        if (!_sessions.TryGetValue(uploadKey, out var session) || session.ObjectKey != objectKey || session.Completion is not null)
        {
            throw new UploadRejectedException(StatusCodes.Status404NotFound, "No upload in progress with this uploadKey for this object.");
        }

        if (now > session.Expires)
        {
            _sessions.Remove(uploadKey);
            throw new UploadRejectedException(StatusCodes.Status404NotFound, "The upload expired: parts not completed within 24 hours are discarded.");
        }

        return session;
    }

    private static string Unquote(string etag) => etag.Trim().Trim('"');
}
