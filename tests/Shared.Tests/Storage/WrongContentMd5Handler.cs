namespace AccBackup.Tests.Storage;

/// <summary>Sends requests on to the real service with one body byte flipped where a Content-MD5 protects it, as corruption in transit would.</summary>
/// <remarks>The body, not the header, changes: Content-MD5 is part of the Shared Key signature, the body is not.</remarks>
public sealed class WrongContentMd5Handler() : DelegatingHandler(new SocketsHttpHandler())
{
    /// <summary>How many request bodies were corrupted.</summary>
    public int Corrupted { get; private set; }

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.Content is { Headers.ContentMD5: not null } original)
        {
            var body = await original.ReadAsByteArrayAsync(cancellationToken);
            body[0] ^= 0xFF;
            var corrupted = new ByteArrayContent(body);
            foreach (var header in original.Headers)
            {
                corrupted.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }

            request.Content = corrupted;
            Corrupted++;
        }

        return await base.SendAsync(request, cancellationToken);
    }
}
