using Microsoft.AspNetCore.Http.Headers;

namespace AccEmulator.Content;

/// <summary>The part of an object one GET serves: the whole of it, or one satisfiable <c>Range: bytes=…</c>.</summary>
internal readonly record struct ByteRange(long Start, long Length, bool IsPartial)
{
    /// <summary>
    /// Resolves the Range header against <paramref name="length"/>; false when it cannot be satisfied (answer 416).
    /// Like S3, a header with several ranges is ignored and the whole object is served.
    /// </summary>
    public static bool TryResolve(HttpRequest request, long length, out ByteRange range)
    {
        range = new ByteRange(0, length, false);
        RequestHeaders headers = request.GetTypedHeaders();
        if (headers.Range is not { Unit.Value: "bytes", Ranges.Count: 1 } header)
        {
            return true;
        }

        var requested = header.Ranges.First();
        long start, end;
        if (requested.From is { } from)
        {
            start = from;
            end = Math.Min(requested.To ?? long.MaxValue, length - 1);
        }
        else
        {
            // A suffix range: the last N bytes.
            start = Math.Max(0, length - (requested.To ?? 0));
            end = length - 1;
            if (requested.To is null or 0)
            {
                return false;
            }
        }

        if (start >= length || end < start)
        {
            return false;
        }

        range = new ByteRange(start, end - start + 1, true);
        return true;
    }
}
