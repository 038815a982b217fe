using System.Globalization;
using AccEmulator.Content;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary>The check every request on one of the emulator's signed S3-style URLs (downloads and upload parts) gets, as S3
/// makes it: the signature over bucket, key, chunk, date and expiry, then the expiry against the emulator's clock.</summary>
internal static class SignedS3Request
{
    /// <summary>The S3 error for a signature that does not match or a URL past its expiry; null when the request may go on.</summary>
    public static IResult? Refusal(IQueryCollection query, EmulatorState state, string bucket, string objectKey, string? chunk)
    {
        string date = query["X-Amz-Date"].ToString(), expires = query["X-Amz-Expires"].ToString();
        var signature = query["X-Amz-Signature"].ToString();
        if (signature.Length == 0 || !state.Signer.Verify(bucket, objectKey, chunk, date, expires, signature))
        {
            return SignatureDoesNotMatch();
        }

        var signedAt = DateTimeOffset.ParseExact(date, UrlSigner.DateFormat, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal);
        return state.Clock.GetUtcNow() > signedAt.AddSeconds(long.Parse(expires, CultureInfo.InvariantCulture))
            ? ApsErrors.S3(StatusCodes.Status403Forbidden, "AccessDenied", "Request has expired")
            : null;
    }

    /// <summary>S3's answer to a request whose signature does not match.</summary>
    public static IResult SignatureDoesNotMatch() => ApsErrors.S3(StatusCodes.Status403Forbidden, "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided.");
}
