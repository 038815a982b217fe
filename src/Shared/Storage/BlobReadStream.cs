namespace AccBackup.Storage;

/// <summary>A blob's body being downloaded; disposing it releases the HTTP response and its connection.</summary>
/// <remarks>Not retried mid-stream: a read that fails throws, and the caller re-opens from the offset it reached.</remarks>
internal sealed class BlobReadStream : Stream
{
    private readonly HttpResponseMessage response;
    private readonly Stream body;

    private BlobReadStream(HttpResponseMessage response, Stream body, long? length)
    {
        this.response = response;
        this.body = body;
        ContentLength = length;
    }

    /// <summary>The number of bytes this stream will yield, when the service said.</summary>
    public long? ContentLength { get; }

    /// <inheritdoc />
    public override bool CanRead => true;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => false;

    /// <inheritdoc />
    public override long Length => ContentLength ?? throw new NotSupportedException("The service did not send a Content-Length.");

    /// <inheritdoc />
    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <summary>Wraps a successful Get Blob response read with <see cref="HttpCompletionOption.ResponseHeadersRead"/>.</summary>
    public static async Task<BlobReadStream> OpenAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        var body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        return new BlobReadStream(response, body, response.Content.Headers.ContentLength);
    }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => body.Read(buffer, offset, count);

    /// <inheritdoc />
    public override int Read(Span<byte> buffer) => body.Read(buffer);

    /// <inheritdoc />
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        body.ReadAsync(buffer, offset, count, cancellationToken);

    /// <inheritdoc />
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        body.ReadAsync(buffer, cancellationToken);

    /// <inheritdoc />
    public override void Flush()
    {
    }

    /// <inheritdoc />
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void SetLength(long value) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            body.Dispose();
            response.Dispose();
        }

        base.Dispose(disposing);
    }
}
