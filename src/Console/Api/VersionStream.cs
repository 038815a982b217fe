using AccBackup.BackupConsole.Browse;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace AccBackup.BackupConsole.Api;

/// <summary>A stored version streamed by the host: its length known up front (so the browser shows progress) and saved under
/// its versioned name; the stream is disposed when sent.</summary>
internal sealed class VersionStream(Stream bytes, VersionCopy copy) : IResult
{
    /// <inheritdoc />
    public async Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        await using (bytes.ConfigureAwait(false))
        {
            var response = httpContext.Response;
            response.ContentType = "application/octet-stream";
            response.ContentLength = copy.Length;
            var disposition = new ContentDispositionHeaderValue("attachment");
            disposition.SetHttpFileName(copy.FileName);
            response.Headers.ContentDisposition = disposition.ToString();
            if (HttpMethods.IsHead(httpContext.Request.Method))
            {
                return;
            }

            await bytes.CopyToAsync(response.Body, httpContext.RequestAborted).ConfigureAwait(false);
        }
    }
}
