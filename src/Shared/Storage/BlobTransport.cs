using Microsoft.Extensions.Logging;
using Polly;
using Polly.Timeout;

namespace AccBackup.Storage;

/// <summary>Sends Blob requests: one pooled <see cref="HttpClient"/> with the storage handlers, wrapped in the retry pipeline.</summary>
internal sealed class BlobTransport : IDisposable
{
    private readonly HttpClient client;
    private readonly ResiliencePipeline<HttpResponseMessage> pipeline;

    /// <summary>Creates a transport over <paramref name="handler"/>, the authenticated handler chain; the transport owns it.</summary>
    public BlobTransport(HttpMessageHandler handler, ResiliencePipeline<HttpResponseMessage> pipeline)
    {
        // The pipeline times each attempt; an HttpClient timeout would also cut streamed downloads short.
        client = new HttpClient(handler, disposeHandler: true) { Timeout = Timeout.InfiniteTimeSpan };
        this.pipeline = pipeline;
    }

    /// <summary>The pooled connection handler for one storage endpoint.</summary>
    public static SocketsHttpHandler CreatePrimaryHandler(int maxConnections) => new()
    {
        MaxConnectionsPerServer = maxConnections,

        // Recycle connections so DNS changes of the storage front end are picked up.
        PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        PooledConnectionIdleTimeout = TimeSpan.FromMinutes(1),
        ConnectTimeout = TimeSpan.FromSeconds(30),
        ResponseDrainTimeout = TimeSpan.FromSeconds(10),
        AllowAutoRedirect = false,
        UseCookies = false,
        AutomaticDecompression = System.Net.DecompressionMethods.None,
    };

    /// <summary>
    /// Sends a request built by <paramref name="createRequest"/> (called once per attempt), retrying transient failures.
    /// Returns the last response, successful or not; the caller disposes it.
    /// </summary>
    /// <exception cref="BlobStorageException">No response arrived after all attempts (status 0).</exception>
    public async Task<HttpResponseMessage> SendAsync(
        BlobOperation operation, Func<HttpRequestMessage> createRequest, HttpCompletionOption completion, CancellationToken cancellationToken)
    {
        var context = ResilienceContextPool.Shared.Get(operation.Name, cancellationToken);
        context.Properties.Set(BlobRetryPipeline.Operation, operation);
        try
        {
            return await pipeline.ExecuteAsync(
                static async (ctx, state) =>
                {
                    using var request = state.createRequest();
                    return await state.client.SendAsync(request, state.completion, ctx.CancellationToken).ConfigureAwait(false);
                },
                context,
                (client, createRequest, completion)).ConfigureAwait(false);
        }
        catch (Exception e) when (e is HttpRequestException or TimeoutRejectedException && !cancellationToken.IsCancellationRequested)
        {
            throw new BlobStorageException(
                0, null, $"{operation} failed after {BlobRetryPipeline.MaxAttempts} attempts: {e.GetType().Name}: {e.Message}", e);
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    /// <inheritdoc />
    public void Dispose() => client.Dispose();
}
