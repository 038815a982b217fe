namespace AccEmulator.Endpoints.JsonApi;

/// <summary>A body serialized up front (under the account lock) and written with an exact Content-Length.</summary>
internal sealed class JsonBytesResult(ReadOnlyMemory<byte> body, int statusCode, string contentType) : IResult
{
    public async Task ExecuteAsync(HttpContext httpContext)
    {
        var response = httpContext.Response;
        response.StatusCode = statusCode;
        response.ContentType = contentType;
        response.ContentLength = body.Length;
        await response.Body.WriteAsync(body, httpContext.RequestAborted);
    }
}
